import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, STEP_UP_CANCELLED } from '../../../src/dataProvider/httpClient';
import { BodyCode } from '../../../src/contract/envelope';
import { envelope, makeDeps, rejectionOf, startMockApi } from './harness';
import { stepUpPrompt } from '../../../src/shell/stepUp/stepUpPrompt';
import { ApiPath } from '../../../src/contract/apiPaths';

const server = startMockApi();
beforeEach(() => localStorage.setItem('token', 'tok-123'));

/** A write the server refuses for a step-up until `steppedUp` is set; counts the calls it saw. */
function stepUpWrite() {
  const seen = { calls: 0, steppedUp: false };
  server.use(
    http.post(`/api${ApiPath.sign.approval}`, () => {
      seen.calls += 1;
      return seen.steppedUp
        ? envelope(200, { status: 'approved' })
        : HttpResponse.json({ code: BodyCode.stepUpRequired, msg: 'This action needs a current two-factor code.', data: null });
    }),
  );
  return seen;
}

describe('step-up (body code 428)', () => {
  it('asks, and after a step-up sends the call once more: the caller sees only the success', async () => {
    const seen = stepUpWrite();
    const stepUp = vi.fn(async () => {
      seen.steppedUp = true;
      return true;
    });
    const deps = makeDeps({ stepUp });
    const client = createHttpClient(deps);
    expect(await client.post(ApiPath.sign.approval, { proposalId: 1 })).toEqual({ status: 'approved' });
    expect(stepUp).toHaveBeenCalledOnce();
    expect(seen.calls).toBe(2);
    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
  });

  it('cancelled: the call fails with a readable message and the session stays', async () => {
    const seen = stepUpWrite();
    const deps = makeDeps({ stepUp: async () => false });
    const error = await rejectionOf(createHttpClient(deps).post(ApiPath.sign.approval, { proposalId: 1 }));
    expect(error.status).toBe(BodyCode.stepUpRequired);
    expect(error.message).toBe(STEP_UP_CANCELLED);
    expect(seen.calls).toBe(1);
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
  });

  it('asks once per call: a second refusal after the step-up fails instead of asking again', async () => {
    const seen = stepUpWrite();
    const stepUp = vi.fn(async () => true);
    const error = await rejectionOf(createHttpClient(makeDeps({ stepUp })).post(ApiPath.sign.approval, { proposalId: 1 }));
    expect(error.status).toBe(BodyCode.stepUpRequired);
    expect(stepUp).toHaveBeenCalledOnce();
    expect(seen.calls).toBe(2);
  });

  it('the prompt: no dialog mounted answers false at once; calls refused together share one question', async () => {
    expect(await stepUpPrompt.ask()).toBe(false);
    const unmount = stepUpPrompt.mount();
    const first = stepUpPrompt.ask();
    const second = stepUpPrompt.ask();
    expect(first).toBe(second);
    expect(stepUpPrompt.isOpen()).toBe(true);
    stepUpPrompt.finish(true);
    expect(await first).toBe(true);
    expect(stepUpPrompt.isOpen()).toBe(false);
    unmount();
  });
});
