import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProposalDetail } from '../../contract/schemas/sign';
import { useProposalTime } from './proposalTime';
import { useSession } from '../../session';
import { useChainValueLink } from '../engine/views/ChainValueLinkButton';
import { Link as RouterLink } from 'react-router-dom';

/** Hashes and addresses are long unbroken strings: they wrap anywhere rather than widen a phone's page. */
export const BREAK_ANYWHERE = { wordBreak: 'break-all' } as const;

/** The facts of the devnet transaction view, in their order (each is a `multisig.tx.<fact>` label). */
export const TRANSACTION_FACTS = ['hash', 'block', 'from', 'to', 'gasUsed', 'fee'] as const;

/**
 * Each approval's signature on a Safe (docs/chains.md "The transaction view"): the address it
 * recovers to — the signer's own key — and when it came. Nothing for a wallet that is no Safe.
 */
export function ProposalSignatures({ proposal }: { proposal: ProposalDetail }) {
  const translate = useTranslate();
  const time = useProposalTime();
  const signed = proposal.approvals.filter((approval) => approval.signerAddress);
  if (!proposal.signing || signed.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }} data-testid="signatures">
      {signed.map((approval) => (
        <Typography
          component="li"
          key={approval.signerId}
          variant="body2"
          color="text.secondary"
          sx={BREAK_ANYWHERE}
          data-testid={`signature-${approval.account}`}
        >
          {translate('multisig.tx.signedBy', { name: approval.userName, address: approval.signerAddress, time: time(approval.time) })}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The executed transaction: on a real network, a link to the chain's explorer; on the embedded
 * devnet, which no public explorer sees, the transaction itself — block, sender, Safe, gas and fee.
 */
export function ProposalTransaction({ proposal }: { proposal: ProposalDetail }) {
  const translate = useTranslate();
  const { chainList } = useSession();
  // A simulated chain (TRON) has no explorer either: its hash opens the ledger's entries of it.
  const chain = chainList.find((c) => c.chainId === proposal.chainId) ?? proposal;
  const link = useChainValueLink(chain, proposal.txHash ?? '');
  if (!proposal.txHash) return null;
  const facts = proposal.chainExecution;
  // On a Safe the chain's hash is the relayer's transaction that ran the Safe transaction: say how the two relate.
  const relation = proposal.signing ? (
    <Typography variant="caption" color="text.secondary" component="p" sx={BREAK_ANYWHERE} data-testid="tx-relation">
      {translate('multisig.tx.relation', { safeTxHash: proposal.signing.safeTxHash })}
    </Typography>
  ) : null;
  if (!facts || facts.network !== 'devnet') {
    const to = link?.inConsole ? { component: RouterLink, to: link.href } : { href: link?.href, target: '_blank', rel: 'noreferrer' };
    return (
      <Box sx={{ mt: 0.5 }}>
        <Typography variant="body2" color="text.secondary" component="span">
          {translate('multisig.tx.hash')}:{' '}
        </Typography>
        <MuiLink {...to} sx={BREAK_ANYWHERE} data-testid="tx-hash">
          {proposal.txHash}
        </MuiLink>
        {relation}
      </Box>
    );
  }
  const values: Record<(typeof TRANSACTION_FACTS)[number], string> = {
    hash: proposal.txHash,
    block: facts.blockNumber,
    from: facts.from,
    to: facts.to,
    gasUsed: facts.gasUsed,
    fee: `${facts.fee} ${facts.feeSymbol}`,
  };
  const rows = TRANSACTION_FACTS.map((key) => [key, values[key]] as const);
  return (
    <Box component="section" aria-labelledby="proposal-transaction" data-testid="tx-view" sx={{ mt: 1 }}>
      <Typography id="proposal-transaction" variant="body2" fontWeight={600}>
        {translate('multisig.tx.title')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate('multisig.tx.devnet')}
      </Typography>
      {relation}
      <Stack component="dl" spacing={0.5} sx={{ m: 0, mt: 0.5 }}>
        {rows.map(([key, value]) => (
          <Box key={key} sx={{ display: 'flex', gap: 1 }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
              {translate(`multisig.tx.${key}`)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, ...BREAK_ANYWHERE }}
              data-testid={key === 'hash' ? 'tx-hash' : `tx-${key}`}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
