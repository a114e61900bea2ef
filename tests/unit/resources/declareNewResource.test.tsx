import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HubIcon from '@mui/icons-material/Hub';
import { masks } from '../../../src/access';
import { defineResource, type ResourceDefinition } from '../../../src/resources/engine';
import { realApi } from './realApi';
import { ApiPath } from '../../../src/contract/apiPaths';

/**
 * The promise of the engine: a resource declared here, in this file only, gives a
 * working list and create form against the real API (Fastify on an in-memory PGlite,
 * listening on a free port). No route, registry, menu or translation file is touched:
 * the route is a test-only path and the labels fall back to the field names.
 */
const fields: ResourceDefinition['fields'] = [
  { source: 'chainId', kind: 'number', required: true, sortable: true, grouping: false },
  { source: 'name', kind: 'text', required: true, sortable: true, filterable: 'alwaysOn' },
  { source: 'family', kind: 'enum', choices: ['evm', 'tron'], default: 'evm', filterable: true },
  { source: 'symbol', kind: 'text', required: true },
  { source: 'rpcUrl', kind: 'text', required: true, inList: false },
  { source: 'explorerUrl', kind: 'text', required: true, inList: false },
  { source: 'confirmations', kind: 'number', default: 12 },
  { source: 'enabled', kind: 'boolean', default: true },
];

/** What both test declarations share: the chain API under another name, at a test-only route, in the chains menu. */
const network = (name: string, path: string) =>
  ({
    name,
    route: { path, group: 'all' },
    icon: HubIcon,
    menuGroup: 'chains',
    // eslint-disable-next-line no-restricted-syntax -- a declaration's base is a prefix, not a path of ApiPath (the chain API under another name)
    endpoints: { base: '/sys/chain' },
    fields,
  }) as const;

const ledgerNetwork = defineResource({
  ...network('ledgerNetwork', '/ledger-network'),
  schema: () => import('../../../src/contract/schemas/chain').then((m) => ({ create: m.chainBody, update: m.chainUpdateBody })),
  access: { create: masks.operator, edit: masks.operator },
});

/** The same resource without the shared schema: only the server judges its input. */
const uncheckedNetwork = defineResource({ ...network('uncheckedNetwork', '/unchecked-network'), access: { create: masks.operator } });

const resources = [ledgerNetwork, uncheckedNetwork];

const { env, signIn } = realApi(resources);
const { requests, toasts } = env;

const input = (label: RegExp) => screen.findByLabelText<HTMLInputElement>(label);

/**
 * Opens the create form at `path` as the super admin and types a network into it (not yet saved); the
 * URLs a test leaves out are valid ones made from the symbol.
 */
async function typeNetwork(
  path: string,
  network: { chainId: number; name: string; symbol: string; rpcUrl?: string; explorerUrl?: string },
) {
  const host = network.symbol.toLowerCase();
  await signIn('superAdmin', path);
  const user = userEvent.setup();
  await user.type(await input(/^Chain id/), String(network.chainId));
  await user.type(await input(/^Name/), network.name);
  await user.type(await input(/^Symbol/), network.symbol);
  await user.type(await input(/^Rpc url/), network.rpcUrl ?? `https://${host}.example-rpc.net`);
  await user.type(await input(/^Explorer url/), network.explorerUrl ?? `https://${host}scan.example.com`);
  return user;
}

describe('a resource declared in a test file works against the real API', () => {
  it('lists the records the server has, paged and sorted by the server', async () => {
    await signIn('superAdmin', '/ledger-network');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    await within(table).findByText('Ethereum', {}, { timeout: 15_000 });
    expect(within(table).getByText('TRON')).toBeTruthy();
    expect(within(table).getByText('BNB Smart Chain')).toBeTruthy();
    // Sorted by the first sortable field (chainId) ascending: 1, 56, 728126428.
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows[0]).toContain('Ethereum');
    expect(rows[2]).toContain('TRON');
    expect(screen.getByRole('link', { name: /create/i })).toBeTruthy();
  }, 60_000);

  it('creates a record through the form; the server stores it', async () => {
    const user = await typeNetwork('/ledger-network/create', { chainId: 137, name: 'Polygon PoS', symbol: 'POL' });
    await user.click(screen.getByRole('button', { name: /save/i }));
    await screen.findByText('Polygon PoS', {}, { timeout: 15_000 });

    const stored = await env.server.call<{ list: Array<{ chainId: number; name: string; family: string; confirmations: number }> }>(
      'GET',
      ApiPath.chain.list,
      {
        token: await env.server.login('superAdmin'),
        query: { chainId: 137 },
      },
    );
    expect(stored.data.list).toEqual([expect.objectContaining({ chainId: 137, name: 'Polygon PoS', family: 'evm', confirmations: 12 })]);
  }, 60_000);

  it('refuses bad input in the browser with the words the server uses, without a request', async () => {
    const badBody = {
      chainId: 10,
      name: 'Optimism',
      family: 'evm',
      symbol: 'ETH',
      rpcUrl: 'not a url',
      explorerUrl: 'https://optimistic.etherscan.io',
      confirmations: 12,
    };
    const answer = await env.server.call<Record<string, string>>('POST', ApiPath.chain.save, {
      token: await env.server.login('superAdmin'),
      body: badBody,
    });
    expect(answer.code).toBe(400);

    const user = await typeNetwork('/ledger-network/create', badBody);
    requests.length = 0;
    await user.click(screen.getByRole('button', { name: /save/i }));
    const rpcUrl = await input(/^Rpc url/);
    await waitFor(() => expect(rpcUrl.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(`${rpcUrl.id}-helper-text`)?.textContent;
    expect(message).toBe(answer.data.rpcUrl);
    expect(requests).toEqual([]);
  }, 60_000);

  it('shows the server’s field errors on their inputs when there is no client schema', async () => {
    const user = await typeNetwork('/unchecked-network/create', {
      chainId: 42161,
      name: 'Arbitrum One',
      symbol: 'ETH',
      rpcUrl: 'ftp://arbitrum',
    });
    requests.length = 0;
    await user.click(screen.getByRole('button', { name: /save/i }));
    const rpcUrl = await input(/^Rpc url/);
    await waitFor(() => expect(rpcUrl.getAttribute('aria-invalid')).toBe('true'), { timeout: 10_000 });
    expect(requests).toEqual([`POST ${ApiPath.chain.save}`]);
    expect(document.getElementById(`${rpcUrl.id}-helper-text`)?.textContent).toBe('Must be an http(s) URL.');
  }, 60_000);

  it('puts a conflict the server finds (chain ID taken) on its input', async () => {
    const user = await typeNetwork('/ledger-network/create', { chainId: 56, name: 'BSC again', symbol: 'BNB' });
    await user.click(screen.getByRole('button', { name: /save/i }));
    const chainId = await input(/^Chain id/);
    await waitFor(() => expect(chainId.getAttribute('aria-invalid')).toBe('true'), { timeout: 10_000 });
    expect(document.getElementById(`${chainId.id}-helper-text`)?.textContent).toBe('Already in use.');
    expect(toasts).toContain('A chain with chain ID 56 already exists.');
  }, 60_000);

  it('is read-only for a role outside the create mask', async () => {
    await signIn('merchantProEmployee', '/ledger-network');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    await within(table).findByText('Ethereum', {}, { timeout: 15_000 });
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
  }, 60_000);
});
