/** The link a new user opens: /signup with the code filled in. */
export const signupLink = (code: string, origin = window.location.origin) => `${origin}/signup?code=${encodeURIComponent(code)}`;
