import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { ContractAddressRecord } from '../../src/contract/schemas/contractAddress';
import { demoEvmAddress, demoTronAddress } from '../../server/db/seed/wallets';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['superAdmin', 'agentManager', 'merchantLiteEmployee', 'merchantProManager']) tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

const list = (account: string) => server.call<ListResult<ContractAddressRecord>>('GET', '/sys/contract-address/list', { token: tokens[account] });
const save = (account: string, body: Record<string, unknown>) => server.call<ContractAddressRecord>('POST', '/sys/contract-address/save', { token: tokens[account], body });

describe('contract addresses', () => {
  it('lists one row per chain with the 14 server fields; a chain with none saved shows them empty', async () => {
    const res = await list('merchantLiteEmployee');
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(3);
    const eth = res.data.list.find((r) => r.chainId === 1)!;
    for (const field of ['agentFactoryAddr', 'aggregatedHelperAddr', 'hotAddr', 'coldAddr', 'mulAgentAddr', 'mulHotAddr', 'mulHotStdAddr', 'mulColdAddr', 'mulColdStdAddr', 'mulColdLiteAddr', 'mulOperatorAddr', 'toolHelperAddr', 'defiMulAddr', 'defiPoolLogicAddr']) {
      expect(eth[field as keyof ContractAddressRecord]).toMatch(/^0x[0-9a-fA-F]{40}$/);
    }
    const bsc = res.data.list.find((r) => r.chainId === 56)!;
    expect(bsc.hotAddr).toBeNull();
  });

  it('the agent row may not read them (route "all except agent")', async () => {
    expect((await list('agentManager')).code).toBe(403);
  });

  it('only the operator row writes', async () => {
    const res = await save('merchantProManager', { chainId: 56, hotAddr: demoEvmAddress('x') });
    expect(res.code).toBe(403);
  });

  it('saves per chain, checksums EVM addresses, and empties a field with null', async () => {
    const hot = demoEvmAddress('bsc hot');
    const res = await save('superAdmin', { chainId: 56, hotAddr: hot.toLowerCase(), coldAddr: demoEvmAddress('bsc cold') });
    expect(res.code).toBe(200);
    expect(res.data.hotAddr).toBe(hot);
    const cleared = await save('superAdmin', { chainId: 56, hotAddr: null, coldAddr: demoEvmAddress('bsc cold') });
    expect(cleared.data.hotAddr).toBeNull();
  });

  it('each address is validated by the chain family, with the error on the exact field, and nothing is saved', async () => {
    const res = await save('superAdmin', { chainId: 728126428, mulColdAddr: demoEvmAddress('evm on tron'), toolHelperAddr: demoTronAddress('fine') });
    expect(res).toMatchObject({ code: 400, data: { mulColdAddr: 'Not a valid TRON address.' } });
    expect(Object.keys(res.data)).toEqual(['mulColdAddr']);
    const after = (await list('superAdmin')).data.list.find((r) => r.chainId === 728126428)!;
    expect(after.toolHelperAddr).toBe(demoTronAddress('728126428:toolHelperAddr'));
  });

  it('an unknown chain is a field error', async () => {
    expect(await save('superAdmin', { chainId: 424242 })).toMatchObject({ code: 400, data: { chainId: 'Does not exist.' } });
  });
});
