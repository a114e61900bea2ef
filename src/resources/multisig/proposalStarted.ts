import { useNotify, useRedirect, type RaRecord } from 'react-admin';
import { proposalReference } from '../../contract/proposalReference';

/**
 * After a start: "Aurora cold · #4 started", then the proposal's page. react-admin's own
 * notice ("Proposal started") would not say which one, and the next screen names it so. On a
 * Safe whose signer started it, starting is not approving: the notice says it now waits for
 * their signature, and the page offers "Sign now".
 */
export function useProposalStarted() {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: (started: RaRecord) => {
      const { walletLabel, nonce, awaitsYourSignature } = started as RaRecord & {
        walletLabel: string;
        nonce: number;
        awaitsYourSignature?: boolean;
      };
      notify(awaitsYourSignature ? 'multisig.startedAwaitsYou' : 'multisig.started', {
        type: 'success',
        messageArgs: { proposal: proposalReference({ walletLabel, nonce }) },
      });
      redirect('show', 'multisig', started.id);
    },
  };
}
