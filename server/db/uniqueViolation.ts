/**
 * Whether the database refused a write for a duplicate key of the named unique index (23505): the
 * last word on a rule that two transactions racing could both pass the check of (docs/ledger.md
 * "Writers side by side: what keeps money rules whole"). The caller turns it into the rule's own answer.
 */
export const isUniqueViolation = (error: unknown, constraint: string): boolean =>
  error instanceof Error && (error as { code?: unknown }).code === '23505' && (error as { constraint?: unknown }).constraint === constraint;
