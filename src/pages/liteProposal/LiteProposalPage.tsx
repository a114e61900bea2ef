import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button } from '@mui/material';
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
      {/* The way back keeps to the start, above the card, whatever the layout does with its children. */}
      <Box sx={{ mt: 2, width: '100%', display: 'flex', justifyContent: 'flex-start' }}>
        <Button component={Link} to="/merchant-lite-wallet" startIcon={<ArrowBackIcon />}>
          {translate('liteSigning.backToWallets')}
        </Button>
      </Box>
      <ProposalShow />
    </>
  );
}
