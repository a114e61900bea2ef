import { Card, CardContent, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { roleLevelLabel, tenantTypeName } from '../../access';
import { Link } from 'react-router-dom';
import { useSession } from '../../session';
import { isServerError } from '../../shell/errors/isServerError';
import { ServerErrorPage } from '../../shell/errors/statusPages';
import type { ChainWalletRecord } from '../../contract/schemas/chainWallet';
import type { ProposalRecord } from '../../contract/schemas/sign';
import { sumDecimals } from './sumDecimals';
import { VolumeCard } from './VolumeCard';
import { WaitingProposals } from '../../resources/multisig/WaitingProposals';
import { FailingWebhooks } from '../../resources/webhook/FailingWebhooks';
import { proposalQueuePath } from '../../resources/multisig/proposalPage';
import { useFormat } from '../../i18n/useFormat';

/** Figures of one width, so the totals column lines its digits up. */
const FIGURES = { fontVariantNumeric: 'tabular-nums' } as const;

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card>
      <CardContent>
        <Typography color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** How many of the proposals waiting for me /home names; the figure counts them all, the queue lists them all. */
const WAITING_SHOWN = 5;

/** A list's count; an ellipsis while it loads and a dash when it failed (the error was toasted). */
const countOf = ({ total, error }: { total?: number; error?: unknown }) => total ?? (error ? '—' : '…');

/**
 * The dashboard (/home, docs/roles-and-routes.md): live figures from the API for the selected org —
 * counts, proposals waiting for me, paid volume over the last 30 days, balances per currency, and
 * to a merchant's managers its failing webhook endpoints.
 */
export default function HomePage() {
  const translate = useTranslate();
  const format = useFormat();
  const { userName, selectedOrg, currentChainObj, chainList, roleIndex } = useSession();
  // The queue's roles, and lite signers, whose proposals open under their wallets' page.
  const queuePath = proposalQueuePath(roleIndex);
  const seesMultisig = queuePath !== null;
  // An explicit sort: react-admin's default (`id`) would travel as the idField `proposalId`, which the list does not sort by.
  // No retries, as react-admin's own list and show controllers: a failure is toasted once and shown at once.
  const waiting = useGetList<ProposalRecord & { id: number }>(
    'multisig',
    { pagination: { page: 1, perPage: WAITING_SHOWN }, sort: { field: 'nonce', order: 'ASC' }, filter: { waitingForMe: true } },
    { enabled: seesMultisig, retry: false },
  );
  const networks = useGetList('network', { pagination: { page: 1, perPage: 1 } });
  const currencies = useGetList('currency', { pagination: { page: 1, perPage: 1 } });
  const wallets = useGetList<ChainWalletRecord & { id: number }>(
    'chain-wallet',
    { pagination: { page: 1, perPage: 500 } },
    { retry: false },
  );
  const chainName = (chainId: number) => chainList.find((c) => c.chainId === chainId)?.name ?? String(chainId);
  const balances = balancesBySymbol(wallets.data ?? [], chainName);
  const tenant = selectedOrg ? tenantTypeName(selectedOrg.tenantType) : undefined;
  const role = selectedOrg ? roleLevelLabel(selectedOrg.tenantType, selectedOrg.roleLevel) : undefined;
  // Networks and currencies never fail (an empty list stands in, docs/console.md).
  if (isServerError(waiting.error) || isServerError(wallets.error)) {
    return (
      <>
        <Title title={translate('menu.home')} />
        <ServerErrorPage />
      </>
    );
  }

  return (
    <>
      <Title title={translate('menu.home')} />
      <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
        {translate('home.welcome', { name: userName ?? '' })}
      </Typography>
      {selectedOrg && tenant && role && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('home.signedInAs', {
            org: selectedOrg.orgName,
            role: `${translate(`tenant.${tenant}`)} ${translate(`role.${role}`)}`,
          })}
        </Typography>
      )}
      <FailingWebhooks />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Figure label={translate('home.networks')} value={countOf(networks)} testId="home-networks" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Figure label={translate('home.currencies')} value={countOf(currencies)} testId="home-currencies" />
        </Grid>
        {seesMultisig && (
          <Grid size={{ xs: 12, sm: 4 }}>
            <Link to={queuePath ?? '/multisig'} style={{ textDecoration: 'none' }}>
              <Figure label={translate('multisig.waitingForMe')} value={countOf(waiting)} testId="home-waiting" />
            </Link>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 4 }}>
          <Figure label={translate('home.currentChain')} value={currentChainObj?.name ?? translate('chain.none')} testId="home-chain" />
        </Grid>
      </Grid>
      {seesMultisig && waiting.data && <WaitingProposals proposals={waiting.data} />}
      <VolumeCard />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('home.balances')}
          </Typography>
          <Table size="small" data-testid="home-balances">
            <TableHead>
              <TableRow>
                <TableCell>{translate('home.currency')}</TableCell>
                <TableCell align="right">{translate('home.total')}</TableCell>
                <TableCell align="right">{translate('home.wallets')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {balances.map((row) => (
                <TableRow key={row.key}>
                  <TableCell>{row.label}</TableCell>
                  <TableCell align="right" sx={FIGURES}>
                    {format.amount(row.total)}
                  </TableCell>
                  <TableCell align="right" sx={FIGURES}>
                    {format.number(row.wallets)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  );
}

/** Balances of every wallet the org may see, per currency (symbol on its chain), summed as decimals. */
function balancesBySymbol(wallets: ChainWalletRecord[], chainName: (chainId: number) => string) {
  const groups = new Map<string, { key: string; label: string; amounts: string[]; wallets: number }>();
  for (const wallet of wallets) {
    for (const balance of wallet.balances) {
      const key = `${wallet.chainId}:${balance.symbol}`;
      const group = groups.get(key) ?? { key, label: `${balance.symbol} (${chainName(wallet.chainId)})`, amounts: [], wallets: 0 };
      group.amounts.push(balance.amount);
      group.wallets += 1;
      groups.set(key, group);
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.label.localeCompare(b.label))
    .map((g) => ({ key: g.key, label: g.label, total: sumDecimals(g.amounts), wallets: g.wallets }));
}
