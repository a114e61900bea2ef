import type { ReactNode } from 'react';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProposalDetail } from '../../contract/schemas/sign';
import { walletKindKey } from '../../contract/contractKinds';
import { LabelledRows } from '../../shell/LabelledRows';
import { hasFee, isGovernance } from './proposalSummary';
import { SignerSet } from './SignerSetChange';
import { proposalPolicyLine } from '../../pages/policy/ruleWords';
import { useRuleNames } from '../../pages/policy/useRuleNames';

const MONOSPACE = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** A value with a line under it saying what it is next to the other numbers of the proposal. */
function Hinted({ value, hint, testId, monospace = false }: { value: string; hint: string; testId: string; monospace?: boolean }) {
  return (
    <>
      <Typography variant="body2" sx={monospace ? MONOSPACE : undefined} data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {hint}
      </Typography>
    </>
  );
}

/**
 * What a proposal does, row by row: the wallet and nonce, then for money the amount, where
 * it goes and the fee; for a signer change the set it replaces and the one it asks for. The
 * detail page and the confirmation dialog show the same rows, so what is confirmed is what
 * was read. `showZeroFee`: the dialog names the fee even when there is none.
 */
export function ProposalFacts({ proposal, showZeroFee = false }: { proposal: ProposalDetail; showZeroFee?: boolean }) {
  const translate = useTranslate();
  // On a phone (and in the dialog there) the labels take less, so addresses and amounts keep room to read.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const names = useRuleNames([{ id: proposal.walletId, label: proposal.walletLabel }]);
  const rows: Array<readonly [string, ReactNode]> = [
    ['multisig.facts.wallet', `${proposal.walletLabel} (${translate(walletKindKey(proposal.walletKind))})`],
    ['multisig.facts.nonce', <span data-testid="fact-nonce">{proposal.nonce}</span>],
  ];
  // On a Safe two more numbers name the same thing on chain: the Safe's own nonce (it counts the Safe's
  // transactions, not this wallet's proposals) and the Safe transaction hash signers sign and the ledger books under.
  if (proposal.signing) {
    rows.push(
      [
        'multisig.facts.safeNonce',
        <Hinted
          value={proposal.signing.safeNonce}
          hint={translate('multisig.facts.safeNonceHint', { nonce: proposal.nonce })}
          testId="fact-safe-nonce"
        />,
      ],
      [
        'multisig.facts.safeTxHash',
        <Hinted
          value={proposal.signing.safeTxHash}
          hint={translate('multisig.facts.safeTxHashHint')}
          testId="fact-safe-tx-hash"
          monospace
        />,
      ],
    );
  }
  if (isGovernance(proposal)) {
    const before = proposal.signers;
    const after = proposal.newSignerList ?? [];
    rows.push(
      [
        'multisig.governance.from',
        <SignerSet threshold={proposal.threshold} signers={before} other={after} mark="removed" testId="governance-from" />,
      ],
      [
        'multisig.governance.to',
        <SignerSet threshold={proposal.newThreshold} signers={after} other={before} mark="added" testId="governance-to" />,
      ],
    );
  } else {
    rows.push(['multisig.facts.amount', <span data-testid="fact-amount">{`${proposal.amount} ${proposal.symbol}`}</span>]);
    if (proposal.orderNo) rows.push(['multisig.facts.orderNo', proposal.orderNo]);
    rows.push([
      'multisig.facts.to',
      proposal.to ? (
        <Typography variant="body2" sx={MONOSPACE} data-testid="fact-to">
          {proposal.to}
        </Typography>
      ) : (
        translate('multisig.facts.toPayer')
      ),
    ]);
    if (showZeroFee || hasFee(proposal.fee)) {
      rows.push([
        'multisig.facts.fee',
        <span data-testid="fact-fee">{`${proposal.fee || '0'} ${proposal.symbol} — ${translate('multisig.facts.feeNote')}`}</span>,
      ]);
    }
    // Why it takes the approvals it takes: the org's rule, in words (docs/DECISIONS.md "Transaction policy").
    if (proposal.policy)
      rows.push(['multisig.facts.policy', <span data-testid="fact-policy">{proposalPolicyLine(proposal.policy, translate, names)}</span>]);
  }
  return <LabelledRows rows={rows} labelWidth={phone ? 88 : 160} />;
}
