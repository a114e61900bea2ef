import { useGetList } from 'react-admin';
import type { ProposalRecord } from '../../contract/schemas/sign';
import { WaitingProposals } from '../multisig/WaitingProposals';
import GeneratedList from '../engine/views/GeneratedList';
import type { ResourceViewProps } from '../engine/types';

/** A lite org's open proposals are few: the cards list them all, up to a page's worth. */
const SHOWN = 50;

/**
 * /merchant-lite-wallet: the lite tier has no /multisig queue, so its signers find here what
 * waits for their signature and what is approved and waits to be executed, each opening the
 * proposal's page under this route (docs/DECISIONS.md "Lite signers and the lite cold wallet");
 * then the wallets, as on every tier's page.
 */
export default function LiteWalletList(props: ResourceViewProps) {
  // An explicit sort: react-admin's default (`id`) would travel as the idField `proposalId`, which the list does not sort by.
  const page = { pagination: { page: 1, perPage: SHOWN }, sort: { field: 'nonce', order: 'ASC' as const } };
  const waiting = useGetList<ProposalRecord & { id: number }>('multisig', { ...page, filter: { waitingForMe: true } }, { retry: false });
  const approved = useGetList<ProposalRecord & { id: number }>('multisig', { ...page, filter: { status: 'approved' } }, { retry: false });
  return (
    <>
      {waiting.data && <WaitingProposals proposals={waiting.data} testId="lite-waiting-list" title="liteSigning.waitingForMySignature" />}
      {approved.data && approved.data.length > 0 && (
        <WaitingProposals
          proposals={approved.data}
          testId="lite-approved-list"
          title="liteSigning.readyToExecute"
          empty="liteSigning.readyToExecute"
        />
      )}
      <GeneratedList {...props} />
    </>
  );
}
