import { useLocaleState } from 'react-admin';

/** A proposal's instants in the console's language (not the browser's), date and time to the second. */
export function useProposalTime(): (iso: string) => string {
  const [locale] = useLocaleState();
  return (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
}
