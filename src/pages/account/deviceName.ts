import Bowser from 'bowser';

/** How the language puts a browser and its system together ("Chrome 131 on Linux"). */
export type DeviceSentence = (browser: string, os: string) => string;

const english: DeviceSentence = (browser, os) => `${browser} on ${os}`;

/**
 * "Chrome 131 on Linux" from a session's User-Agent, read by bowser (MIT, kept up to date with
 * new browsers; ua-parser-js 2 is AGPL). The major version is enough to tell two devices apart;
 * a header bowser cannot read is shown as it came, and none is null (the page says "unknown").
 */
export function deviceName(userAgent: string | null | undefined, sentence: DeviceSentence = english): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const parsed = Bowser.parse(text);
  const browser = parsed.browser.name ? [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ') : null;
  const os = parsed.os.name
    ? [
        parsed.os.name,
        parsed.os.name === 'macOS' || parsed.os.name === 'Linux' ? undefined : (parsed.os.versionName ?? parsed.os.version?.split('.')[0]),
      ]
        .filter(Boolean)
        .join(' ')
    : null;
  if (browser && os) return sentence(browser, os);
  return browser ?? os ?? text;
}
