import { useStore } from 'react-admin';

/**
 * The time zone a resource's lists show their dates in: the one its summary picked (a
 * report's date range is chosen in a zone, so its rows read in that zone too); unset, the
 * browser's. Kept in react-admin's store, so a report remembers it.
 */
export const useDisplayTimeZone = (resourceName: string) => useStore<string | undefined>(`${resourceName}.timeZone`);
