import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '../../../src/shell/clipboard';

describe('copyText: one answer whatever way the browser refuses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is true once the text is on the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyText('0xabc')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('0xabc');
  });

  it('is false when permission is refused', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    expect(await copyText('0xabc')).toBe(false);
  });

  it('is false on plain http, where there is no clipboard at all', async () => {
    vi.stubGlobal('navigator', {});
    expect(await copyText('0xabc')).toBe(false);
  });
});
