import { describe, expect, it } from 'vitest';
import { isInternalAddress, webhookUrlProblem } from '../../../server/modules/webhook/urlGuard';

// Where a webhook may go (docs/webhooks.md "Endpoints"): no internal address on a real network.
describe('internal addresses', () => {
  it.each([
    ['10.0.0.1', true],
    ['172.16.5.4', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['127.0.0.53', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['2001:4860:4860::8888', false],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['not an address', true],
  ])('%s internal: %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });
});

describe('webhook URLs', () => {
  it.each([
    ['https://example.com/hook', null],
    ['http://127.0.0.1:9/hook', null],
    ['http://localhost/hook', null],
    ['http://[::1]:8080/hook', null],
    ['http://example.com/hook', 'validation.webhookUrl'],
    ['ftp://example.com/hook', 'validation.webhookUrl'],
    ['https://user:secret@example.com/hook', 'validation.webhookUrl'],
    ['not a url', 'validation.webhookUrl'],
  ])('on a devnet %s: %s', async (url, problem) => {
    expect(await webhookUrlProblem(url, 'devnet')).toBe(problem);
  });

  it.each([
    ['https://8.8.8.8/hook', null],
    ['https://10.0.0.1/hook', 'validation.webhookPrivateAddress'],
    ['https://169.254.169.254/latest/meta-data', 'validation.webhookPrivateAddress'],
    ['https://[fd00::1]/hook', 'validation.webhookPrivateAddress'],
    ['https://[::ffff:192.168.0.1]/hook', 'validation.webhookPrivateAddress'],
    // A name is resolved: localhost is loopback.
    ['https://localhost/hook', 'validation.webhookPrivateAddress'],
    ['http://127.0.0.1:9/hook', 'validation.webhookUrl'],
    ['http://8.8.8.8/hook', 'validation.webhookUrl'],
  ])('on a real network %s: %s', async (url, problem) => {
    expect(await webhookUrlProblem(url, 'rpc')).toBe(problem);
  });
});
