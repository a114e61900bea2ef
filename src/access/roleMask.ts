/**
 * The role matrix (docs/roles-and-routes.md): 6 tenant rows × 6 role levels = 36 bits. That is more
 * than JavaScript's 32-bit bitwise operators hold, so every mask is a BigInt.
 */
export type RoleMask = bigint;

export const ROWS = 6;
export const COLUMNS = 6;

/** Bit index of a cell: row × 6 + column. */
export const bitIndex = (row: number, column: number): number => row * COLUMNS + column;

export const roleBit = (index: number): RoleMask => 1n << BigInt(index);

/** Every column of one tenant row. */
export const rowMask = (row: number): RoleMask => {
  let mask = 0n;
  for (let column = 0; column < COLUMNS; column++) mask |= roleBit(bitIndex(row, column));
  return mask;
};

/** Column `column` of each given row. */
export const columnMask = (column: number, rows: readonly number[]): RoleMask =>
  rows.reduce((mask, row) => mask | roleBit(bitIndex(row, column)), 0n);

export const maskOf = (...indexes: number[]): RoleMask => indexes.reduce((mask, i) => mask | roleBit(i), 0n);

export const combine = (...masks: RoleMask[]): RoleMask => masks.reduce((all, mask) => all | mask, 0n);

/**
 * Is this role in the mask? Anything but a whole index 0–35 is no role at all: BigInt()
 * throws on a fraction and a shift by a negative count silently yields 0n.
 */
export const maskHas = (mask: RoleMask, roleIndex: number | null | undefined): boolean =>
  roleIndex !== null && roleIndex !== undefined && Number.isInteger(roleIndex) && roleIndex >= 0 && roleIndex < ROWS * COLUMNS
    ? (mask & roleBit(roleIndex)) !== 0n
    : false;
