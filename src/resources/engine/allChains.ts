import { useStore } from 'react-admin';
import type { ResourceDefinition } from './types';

/**
 * Whether a chain-scoped list that allows it (`list.allChains`) shows every chain instead of
 * the app bar's, remembered per screen in react-admin's store (so a reload keeps it). Lists
 * that do not allow it always follow the app bar.
 */
export function useAllChains(definition: ResourceDefinition): [boolean, (all: boolean) => void] {
  const [all, setAll] = useStore<boolean>(`${definition.name}.allChains`, false);
  const allowed = Boolean(definition.chainField && definition.declaration.list?.allChains);
  return [allowed && all, setAll];
}
