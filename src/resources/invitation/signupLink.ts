/** The link a new user opens: /signup with the code and the account it was issued for filled in. */
export function signupLink(invitation: { code: string; invitee: string | null }, origin = window.location.origin): string {
  const query = new URLSearchParams({ code: invitation.code });
  if (invitation.invitee) query.set('account', invitation.invitee);
  return `${origin}/signup?${query.toString()}`;
}
