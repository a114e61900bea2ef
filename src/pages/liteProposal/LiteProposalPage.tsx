import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import ProposalShow from '../../resources/multisig/ProposalShow';

/**
 * /merchant-lite-wallet/proposal/:id: a lite signer's proposal page, the queue's own page (its
 * timeline, approve with their key, deny, execute) under the lite wallets' route, which guards it
 * (docs/DECISIONS.md "Lite signers and the lite cold wallet"). The server decides who may act.
 */
export default function LiteProposalPage() {
  const translate = useTranslate();
  return (
    <>
      <Button component={Link} to="/merchant-lite-wallet" startIcon={<ArrowBackIcon />} sx={{ mt: 2 }}>
        {translate('liteSigning.backToWallets')}
      </Button>
      <ProposalShow />
    </>
  );
}
