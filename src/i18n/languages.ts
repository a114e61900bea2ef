import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../contract/constants';

/** Browsers say `zh`, `zh-Hans-CN`, `en-GB`…; we have en-US and zh-CN (fallback en-US). */
export function normalizeLanguage(lng: string | undefined | null): Language {
  const tag = (lng ?? '').toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  if (tag.startsWith('zh')) return 'zh-CN';
  if (tag.startsWith('en')) return 'en-US';
  return DEFAULT_LANGUAGE;
}

export const LANGUAGE_NAMES: Record<Language, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };
