// Shared by the server (lib/auth/config.ts) and the login form: the code Auth.js puts in the login
// page's address when a suspended account tries to sign in, and what the page then says.
export const SUSPENDED_CODE = "suspended";
export const SUSPENDED_SIGN_IN_MESSAGE = "This account is suspended. Contact us if you think this is a mistake.";
