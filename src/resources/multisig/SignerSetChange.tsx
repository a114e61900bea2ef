import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WalletSignerRecord } from '../../contract/schemas/chainWallet';

interface SignerSetProps {
  threshold: number | null;
  signers: readonly WalletSignerRecord[];
  /** The other side of the change: a signer missing there is marked (removed from the old set, added to the new). */
  other: readonly WalletSignerRecord[];
  mark: 'removed' | 'added';
  testId: string;
}

const MARK_LABELS = { removed: 'multisig.governance.removed', added: 'multisig.governance.added' } as const;

/** One side of a signer change: "2 of 3" and the signers, the ones the change touches marked. */
export function SignerSet({ threshold, signers, other, mark, testId }: SignerSetProps) {
  const translate = useTranslate();
  const kept = new Set(other.map((s) => s.userId));
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" data-testid={testId}>
      <Typography fontWeight={600}>{translate('multisig.mOfN', { m: threshold ?? '?', n: signers.length })}</Typography>
      {signers.map((signer) => {
        const changed = !kept.has(signer.userId);
        return (
          <Chip
            key={signer.userId}
            size="small"
            label={
              changed
                ? `${signer.userName} (${signer.account}) — ${translate(MARK_LABELS[mark])}`
                : `${signer.userName} (${signer.account})`
            }
            color={changed ? (mark === 'added' ? 'success' : 'error') : 'default'}
            variant={changed ? 'filled' : 'outlined'}
            sx={changed && mark === 'removed' ? { textDecoration: 'line-through' } : undefined}
          />
        );
      })}
    </Stack>
  );
}
