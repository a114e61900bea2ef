import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { normalizeLanguage } from './languages';
import { formatAmount, formatCompact, formatDateTime, formatDay, formatNumber } from './format';

/**
 * The shared formatters (./format) bound to the console's current language; views re-render
 * when the language changes. Inside react-admin only: not exported from ./index, which the
 * sign-in path loads without react-admin.
 */
export function useFormat() {
  const [locale] = useLocaleState();
  const language = normalizeLanguage(locale);
  return useMemo(
    () => ({
      language,
      amount: (value: string | number | null | undefined, decimals?: number) => formatAmount(value, language, decimals),
      number: (value: number, grouping?: boolean) => formatNumber(value, language, grouping),
      compact: (value: number) => formatCompact(value, language),
      dateTime: (value: string | number | Date | null | undefined, timeZone?: string, precision?: 'minute' | 'second') =>
        formatDateTime(value, language, timeZone, precision),
      day: (day: string) => formatDay(day, language),
    }),
    [language],
  );
}
