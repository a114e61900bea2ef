import { useFormat } from '../../i18n/useFormat';

/** A proposal's instants in the console's language (not the browser's), date and time to the second. */
export function useProposalTime(): (iso: string) => string {
  const format = useFormat();
  return (iso: string) => format.dateTime(iso, undefined, 'second');
}
