import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { ContractAddressRecord } from '../../src/contract/schemas/contractAddress';
import { demoEvmAddress, demoTronAddress } from '../../server/db/seed/wallets';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of [
    'superAdmin',
    'operatorEmployee',
    'agentManager',
    'agentEmployee',
    'merchantLiteEmployee',
    'merchantProManager',
    'merchantStdManager',
  ]) {
    tokens[account] = await server.login(account);
  }
});
afterAll(() => server?.close());

const list = (account: string) =>
  server.call<ListResult<ContractAddressRecord>>('GET', ApiPath.contractAddress.list, { token: tokens[account] });
const save = (account: string, body: Record<string, unknown>, path = ApiPath.contractAddress.save) =>
  server.call<ContractAddressRecord>('POST', path, { token: tokens[account], body });
const detail = (account: string, chainId: number | string) =>
  server.call<ContractAddressRecord>('GET', ApiPath.contractAddress.detail, { token: tokens[account], query: { chainId } });

describe('contract addresses', () => {
  it('lists one row per chain with the 14 server fields; a chain with none saved shows them empty', async () => {
    const res = await list('merchantLiteEmployee');
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(3);
    const eth = res.data.list.find((r) => r.chainId === 1)!;
    for (const field of [
      'agentFactoryAddr',
      'aggregatedHelperAddr',
      'hotAddr',
      'coldAddr',
      'mulAgentAddr',
      'mulHotAddr',
      'mulHotStdAddr',
      'mulColdAddr',
      'mulColdStdAddr',
      'mulColdLiteAddr',
      'mulOperatorAddr',
      'toolHelperAddr',
      'defiMulAddr',
      'defiPoolLogicAddr',
    ]) {
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
    const res = await save('superAdmin', {
      chainId: 728126428,
      mulColdAddr: demoEvmAddress('evm on tron'),
      toolHelperAddr: demoTronAddress('fine'),
    });
    expect(res).toMatchObject({ code: 400, data: { mulColdAddr: 'Not a valid TRON address.' } });
    expect(Object.keys(res.data)).toEqual(['mulColdAddr']);
    const after = (await list('superAdmin')).data.list.find((r) => r.chainId === 728126428)!;
    expect(after.toolHelperAddr).toBe(demoTronAddress('728126428:toolHelperAddr'));
  });

  it('an unknown chain is a field error', async () => {
    expect(await save('superAdmin', { chainId: 424242 })).toMatchObject({ code: 400, data: { chainId: 'Does not exist.' } });
  });

  it('no agent role reads them, by list or detail', async () => {
    for (const account of ['agentManager', 'agentEmployee']) {
      expect(await list(account)).toMatchObject({ code: 403, data: null });
      expect(await detail(account, 1)).toMatchObject({ code: 403, data: null });
    }
  });

  it('detail by chainId: seeded TRON addresses are base58check; unknown chain 404; missing chainId a field error', async () => {
    const tron = await detail('merchantStdManager', 728126428);
    expect(tron.code).toBe(200);
    expect(tron.data.mulColdStdAddr).toBe(demoTronAddress('728126428:mulColdStdAddr'));
    expect(tron.data.family).toBe('tron');
    expect(await detail('superAdmin', 424242)).toMatchObject({ code: 404, data: null });
    expect(await server.call('GET', ApiPath.contractAddress.detail, { token: tokens.superAdmin })).toMatchObject({
      code: 400,
      data: { chainId: 'Required.' },
    });
  });

  it('no merchant writes, through save or update, and nothing changes', async () => {
    const before = (await detail('superAdmin', 1)).data;
    for (const account of ['merchantStdManager', 'merchantLiteEmployee']) {
      for (const path of [ApiPath.contractAddress.save, ApiPath.contractAddress.update]) {
        expect((await save(account, { chainId: 1, hotAddr: null }, path)).code).toBe(403);
      }
    }
    expect((await detail('superAdmin', 1)).data).toEqual(before);
  });

  it('operatorEmployee (operator row) may write through update', async () => {
    const tool = demoEvmAddress('bsc tool');
    const res = await save('operatorEmployee', { chainId: 56, toolHelperAddr: tool }, ApiPath.contractAddress.update);
    expect(res).toMatchObject({ code: 200, data: { toolHelperAddr: tool } });
  });

  it('a field left out keeps its value; an empty string clears it', async () => {
    const eth = (await detail('superAdmin', 1)).data;
    const agentFactory = demoEvmAddress('eth factory v2');
    const res = await save('superAdmin', { chainId: 1, agentFactoryAddr: agentFactory, defiMulAddr: '' });
    expect(res.data).toEqual({ ...eth, agentFactoryAddr: agentFactory, defiMulAddr: null });
  });

  it('a wrong EIP-55 checksum is refused on its field, and every bad field is named', async () => {
    const good = demoEvmAddress('eth cold v2');
    const i = good.slice(2).search(/[a-fA-F]/) + 2;
    const flipped =
      good.slice(0, i) + (good[i] === good[i].toUpperCase() ? good[i].toLowerCase() : good[i].toUpperCase()) + good.slice(i + 1);
    const before = (await detail('superAdmin', 1)).data;
    const res = await save('superAdmin', { chainId: 1, coldAddr: flipped, mulHotAddr: 'not an address', hotAddr: demoEvmAddress('fine') });
    expect(res).toMatchObject({
      code: 400,
      data: { coldAddr: 'The address checksum is wrong (EIP-55 mixed case).', mulHotAddr: 'Not a valid EVM address.' },
    });
    expect(Object.keys(res.data).sort()).toEqual(['coldAddr', 'mulHotAddr']);
    expect((await detail('superAdmin', 1)).data).toEqual(before);
  });

  it('a TRON address with a broken checksum is refused', async () => {
    const good = demoTronAddress('tron hot v2');
    const broken = good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a');
    const res = await save('superAdmin', { chainId: 728126428, hotAddr: broken });
    expect(res).toMatchObject({ code: 400, data: { hotAddr: 'Not a valid TRON address.' } });
    expect(await save('superAdmin', { chainId: 728126428, hotAddr: good })).toMatchObject({ code: 200, data: { hotAddr: good } });
  });
});
