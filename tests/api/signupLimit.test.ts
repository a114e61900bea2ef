import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('POST /sys/auth/signup is limited per address', () => {
  it('20 tries a minute are answered; of a burst of 21, exactly one is refused with 429', async () => {
    const body = { account: 'someone', password: 'Burst-2026x', userName: 'Someone', invitationCode: 'ZZZZ-ZZZZ-ZZZZ' };
    const tries = await Promise.all(Array.from({ length: 21 }, () => server.call('POST', ApiPath.auth.signup, { body })));
    expect(tries.filter((r) => r.code === 400)).toHaveLength(20);
    expect(tries.filter((r) => r.code === 429)).toHaveLength(1);
  });
});
