import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../server/http/messages';

/** The server's translator: plural keys as i18next reads them, and messages made of messages. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-messages-'));
const write = (lng: string, api: object) => {
  fs.mkdirSync(path.join(dir, lng), { recursive: true });
  fs.writeFileSync(path.join(dir, lng, 'api.json'), JSON.stringify({ api }));
};
write('en-US', {
  locked: 'The {{what}} cannot change: it is used by {{uses}}.',
  field: 'family',
  wallets: '{{count}} wallets',
  wallets_one: '{{count}} wallet',
  orders: '{{count}} orders',
  orders_one: '{{count}} order',
  onlyEnglish: '{{count}} things',
});
write('zh-CN', {
  locked: '{{what}}不能修改：已有 {{uses}}使用它。',
  field: '类型',
  wallets: '{{count}} 个钱包',
  orders: '{{count}} 笔订单',
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const messages = loadMessages(dir);
const en = messages.translator('en-US');
const zh = messages.translator('zh-CN');

describe('server messages', () => {
  it('pick the plural form for count, the bare key when the language has no such form', () => {
    expect(en('api.wallets', { count: 1 })).toBe('1 wallet');
    expect(en('api.wallets', { count: 3 })).toBe('3 wallets');
    expect(en('api.wallets', { count: 0 })).toBe('0 wallets');
    expect(zh('api.wallets', { count: 1 })).toBe('1 个钱包');
    expect(zh('api.onlyEnglish', { count: 2 })).toBe('2 things');
  });

  it('say a message param and a list of them in the same language', () => {
    const uses = [
      { key: 'api.wallets', params: { count: 1 } },
      { key: 'api.orders', params: { count: 120 } },
    ];
    expect(en('api.locked', { what: { key: 'api.field' }, uses })).toBe('The family cannot change: it is used by 1 wallet and 120 orders.');
    expect(zh('api.locked', { what: { key: 'api.field' }, uses })).toBe('类型不能修改：已有 1 个钱包和120 笔订单使用它。');
    expect(en('api.locked', { what: 'x', uses: [...uses, { key: 'api.orders', params: { count: 1 } }] })).toBe(
      'The x cannot change: it is used by 1 wallet, 120 orders, and 1 order.',
    );
  });
});
