import { useState } from 'react';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { Button, useCanAccess, useRecordContext } from 'react-admin';
import type { ChainWalletRecord } from '../../contract/schemas/chainWallet';
import { useSession } from '../../session';
import { ChangeSignersDialog } from './ChangeSignersDialog';
import { mayProposeSignerChange } from './signerChange';

/**
 * "Change signers" on a wallet's page: the one way its signers and threshold change. Offered
 * to a current signer acting in the wallet's org (the server's rule: anyone else gets 403,
 * which signs out) whose role reaches the proposals (/multisig), where the page then goes.
 */
export default function ChangeSignersAction() {
  const wallet = useRecordContext<ChainWalletRecord & { id: number }>();
  const { account, selectedOrg } = useSession();
  const { canAccess } = useCanAccess({ resource: 'multisig', action: 'list' });
  const [open, setOpen] = useState(false);
  if (!canAccess || !wallet || !mayProposeSignerChange(wallet, { account, orgId: selectedOrg?.orgId ?? null })) return null;
  return (
    <>
      <Button label="multisig.governance.action" onClick={() => setOpen(true)}>
        <ManageAccountsIcon />
      </Button>
      {open && <ChangeSignersDialog wallet={wallet} onClose={() => setOpen(false)} />}
    </>
  );
}
