import { describe, expect, it } from 'vitest';
import { deviceName } from '../../../src/pages/account/deviceName';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('a session names its browser, not its raw User-Agent', () => {
  it.each([
    [CHROME_LINUX, 'Chrome 131 on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox 132 on Windows 10'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS 17',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge 131 on Windows 10',
    ],
  ])('%s → %s', (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });

  it('the sentence is the language’s; an unreadable header shows as it came; none is null', () => {
    expect(deviceName(CHROME_LINUX, (browser, os) => `${os} 上的 ${browser}`)).toBe('Linux 上的 Chrome 131');
    expect(deviceName('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceName(null)).toBeNull();
    expect(deviceName('  ')).toBeNull();
  });
});
