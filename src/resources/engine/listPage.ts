import type { FieldDeclaration, ResourceDeclaration } from './types';

/**
 * Rows per page of every paged list (generated lists, the multisig history, reports): one size, so a
 * screen never pages differently from the one next to it (docs/DECISIONS.md, Resources).
 */
export const LIST_PAGE_SIZE = 25;

/** A generated list's sort before the user picks one: the declaration's, else its first sortable field's. */
export function listSort(declaration: ResourceDeclaration, fields: readonly FieldDeclaration[]): { field: string; order: 'ASC' | 'DESC' } {
  const firstSortable = fields.find((f) => f.sortable);
  return declaration.list?.sort ?? (firstSortable ? { field: firstSortable.source, order: 'ASC' } : { field: '', order: 'ASC' });
}

/**
 * A generated list's permanent filter: its scope and, for a chain-scoped list, the app bar's chain
 * (not one the user can remove), unless the user asked for every chain.
 */
export function listFilter(
  definition: { scope: Record<string, string>; chainField: string | null },
  chainId: number | undefined,
  allChains: boolean,
): Record<string, unknown> {
  const { scope, chainField } = definition;
  return { ...scope, ...(chainField && chainId !== undefined && !allChains ? { [chainField]: chainId } : {}) };
}
