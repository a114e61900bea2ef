/**
 * Rows per page of every paged list (generated lists, the multisig history, reports): one size, so a
 * screen never pages differently from the one next to it (docs/DECISIONS.md, Resources).
 */
export const LIST_PAGE_SIZE = 25;
