import { sql } from 'kysely';

/**
 * How two account names are compared everywhere — sign-in, its rate limit, sign-up and the
 * invitee a code is bound to: trimmed, case aside. Accounts are unique in this form
 * (migration 013), so it names at most one user.
 */
export const accountKey = (account: string) => account.trim().toLowerCase();

/** The stored account in the same form, for `where(storedAccountKey, '=', accountKey(input))` on app_user. */
export const storedAccountKey = sql<string>`lower(account)`;
