// Shared by the server (lib/auth/config.ts) and the login form: the codes Auth.js gives a sign-in
// whose second factor is missing or wrong, and one whose waiting step (after Google) is gone.
export const SECOND_FACTOR_CODE = "second_factor";
export const TICKET_EXPIRED_CODE = "ticket_expired";
