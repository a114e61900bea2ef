// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DevnetCallBudget } from '../../../server/modules/devnet/callBudget';
import { DEVNET_CALL_GAS_CAP, withGasCap } from '../../../server/modules/devnet/routes';

// What an anonymous caller may ask of the embedded devnet (docs/chains.md "Paying into the devnet").
/** A piece of work the test finishes when it likes. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: () => done.then(() => 'done') };
}

describe('the devnet call budget', () => {
  it('counts each address’s calls a minute, apart from other addresses, and starts afresh the next minute', async () => {
    let now = 0;
    const budget = new DevnetCallBudget({ perMinute: 3, running: 10, waiting: 10 }, () => now);
    const call = (address: string) => budget.run(address, async () => 'ok');
    for (let i = 0; i < 3; i += 1) expect(await call('10.0.0.1')).toEqual({ ok: true, value: 'ok' });
    expect(await call('10.0.0.1')).toEqual({ ok: false, refusal: 'tooManyCalls' });
    expect(await call('10.0.0.2')).toEqual({ ok: true, value: 'ok' });
    now = 60_000;
    expect(await call('10.0.0.1')).toEqual({ ok: true, value: 'ok' });
  });

  it('runs at most `running` calls at once, queues `waiting` more, and answers busy beyond without running them', async () => {
    const budget = new DevnetCallBudget({ perMinute: 1_000, running: 1, waiting: 1 });
    const first = held();
    const second = held();
    let secondStarted = false;
    const running = budget.run('a', first.work);
    const queued = budget.run('b', () => {
      secondStarted = true;
      return second.work();
    });
    let thirdRan = false;
    expect(
      await budget.run('c', async () => {
        thirdRan = true;
        return 'x';
      }),
    ).toEqual({ ok: false, refusal: 'busy' });
    expect(thirdRan).toBe(false);
    expect(secondStarted).toBe(false);
    first.finish();
    expect(await running).toEqual({ ok: true, value: 'done' });
    // Its turn passed to the queued call.
    await expect.poll(() => secondStarted).toBe(true);
    second.finish();
    expect(await queued).toEqual({ ok: true, value: 'done' });
    // And a turn is free again.
    expect(await budget.run('c', async () => 'again')).toEqual({ ok: true, value: 'again' });
  });

  it('gives the turn back when a call fails', async () => {
    const budget = new DevnetCallBudget({ perMinute: 1_000, running: 1, waiting: 0 });
    await expect(budget.run('a', () => Promise.reject(new Error('reverted')))).rejects.toThrow('reverted');
    expect(await budget.run('a', async () => 'next')).toEqual({ ok: true, value: 'next' });
  });
});

describe('the gas cap of outside calls', () => {
  const cap = `0x${DEVNET_CALL_GAS_CAP.toString(16)}`;
  it.each([
    ['no gas named (the block’s limit otherwise)', [{ to: '0x01' }, 'latest'], [{ to: '0x01', gas: cap }, 'latest']],
    ['more than the cap', [{ to: '0x01', gas: '0xffffffffff' }], [{ to: '0x01', gas: cap }]],
    ['unreadable gas', [{ to: '0x01', gas: 'lots' }], [{ to: '0x01', gas: cap }]],
    ['less than the cap, kept', [{ to: '0x01', gas: '0x5208' }], [{ to: '0x01', gas: '0x5208' }]],
  ])('%s', (_name, params, expected) => {
    expect(withGasCap(params)).toEqual(expected);
  });
});
