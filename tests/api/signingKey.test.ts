import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak256, stringToHex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startTestServer, type TestServer } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';
import { signingKeyProof, type SigningKeyState } from '../../src/contract/schemas/signingKey';
import { demoSigningKey } from '../../src/contract/demoSigningKey';

// A signer's key (docs/chains.md "Signers' keys"): the server learns an address only with the key's
// own proof, for this account, and never lets two people share one.
let server: TestServer;
/** The demo seed gives every user a key (src/contract/demoSigningKey.ts); these start without one. */
const WITHOUT_KEY = ['operatorEmployee', 'superAdmin', 'agentManager', 'agentEmployee', 'merchantLiteEmployee', 'multiOrg'];
beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.app.context;
  const ids = (await db.selectFrom('appUser').select('id').where('account', 'in', WITHOUT_KEY).execute()).map((u) => u.id);
  await db.deleteFrom('signingKey').where('userId', 'in', ids).execute();
});
afterAll(() => server?.close());

const paths = ApiPath.account.signingKey;
const keyOf = (name: string): LocalAccount => privateKeyToAccount(keccak256(stringToHex(`signing key test: ${name}`)));
const proof = (key: LocalAccount, account: string) => key.signMessage({ message: signingKeyProof(account, key.address) });
const register = async (account: string, body: unknown) =>
  server.call<SigningKeyState>('POST', paths.register, { token: await server.login(account), body });
const stateOf = async (account: string) =>
  (await server.call<SigningKeyState>('GET', paths.state, { token: await server.login(account) })).data;

describe('registering a signing key', () => {
  it('stores the address the key proves, for the caller alone, and audits it', async () => {
    const key = keyOf('employee');
    expect(await stateOf('operatorEmployee')).toEqual({ address: null, registeredAt: null });
    const res = await register('operatorEmployee', { address: key.address, signature: await proof(key, 'operatorEmployee') });
    expect(res).toMatchObject({ code: 200, data: { address: key.address } });
    expect(await stateOf('operatorEmployee')).toEqual(res.data);
    expect(await stateOf('superAdmin')).toEqual({ address: null, registeredAt: null });
    const events = await server.app.context.db
      .selectFrom('auditEvent')
      .select(['action', 'entity', 'entityId'])
      .where('entity', '=', 'signingKey')
      .execute();
    expect(events).toContainEqual({ action: 'create', entity: 'signingKey', entityId: expect.any(String) as string });
    // The same key again changes nothing, not even the date.
    expect(
      (await register('operatorEmployee', { address: key.address.toLowerCase(), signature: await proof(key, 'operatorEmployee') })).data,
    ).toEqual(res.data);
  });

  it('refuses an address whose key did not sign, and a proof made for another account', async () => {
    const victim = keyOf('victim');
    const thief = keyOf('thief');
    const forged = await thief.signMessage({ message: signingKeyProof('agentEmployee', victim.address) });
    expect(await register('agentEmployee', { address: victim.address, signature: forged })).toMatchObject({
      code: 400,
      data: { signature: expect.any(String) as string },
    });
    // The victim's own proof, captured from their registration, names their account: useless to anyone else.
    const captured = await proof(victim, 'agentManager');
    expect(await register('agentEmployee', { address: victim.address, signature: captured })).toMatchObject({ code: 400 });
    expect(await stateOf('agentEmployee')).toEqual({ address: null, registeredAt: null });
  });

  it('one person, one vote: a key registered to someone else is refused, even with its proof', async () => {
    const shared = keyOf('shared');
    expect((await register('agentManager', { address: shared.address, signature: await proof(shared, 'agentManager') })).code).toBe(200);
    const res = await register('agentEmployee', { address: shared.address, signature: await proof(shared, 'agentEmployee') });
    expect(res).toMatchObject({ code: 409, data: { address: expect.any(String) as string } });
    expect(await stateOf('agentEmployee')).toEqual({ address: null, registeredAt: null });
  });

  it('a signer of an EVM multisig wallet cannot swap the key its Safe knows; someone who signs nothing can', async () => {
    const first = privateKeyToAccount(demoSigningKey('merchantProFinance'));
    const second = keyOf('pro finance 2');
    expect((await stateOf('merchantProFinance')).address).toBe(first.address);
    const swap = await register('merchantProFinance', { address: second.address, signature: await proof(second, 'merchantProFinance') });
    expect(swap).toMatchObject({ code: 409 });
    expect(swap.msg).toContain('Aurora cold');
    expect((await stateOf('merchantProFinance')).address).toBe(first.address);

    const before = keyOf('multi 1');
    const after = keyOf('multi 2');
    expect((await register('multiOrg', { address: before.address, signature: await proof(before, 'multiOrg') })).code).toBe(200);
    expect((await register('multiOrg', { address: after.address, signature: await proof(after, 'multiOrg') })).data.address).toBe(
      after.address,
    );
  });

  it('malformed input is a 400 naming the field, and stores nothing', async () => {
    const key = keyOf('malformed');
    for (const body of [
      {},
      { address: 'nope', signature: await proof(key, 'merchantLiteEmployee') },
      { address: key.address, signature: '0x1234' },
      { address: key.address, signature: `0x${'zz'.repeat(65)}` },
    ]) {
      const res = await register('merchantLiteEmployee', body);
      expect(res.code).toBe(400);
    }
    expect(await stateOf('merchantLiteEmployee')).toEqual({ address: null, registeredAt: null });
  });
});
