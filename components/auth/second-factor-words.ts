// What the second factor's forms share, used by the login's second step, the step-up dialog and the
// account page (a small module of its own, so an admin page's step-up loads none of the login form).
// Their words are the `auth.secondFactor` texts.

/** The English of `auth.secondFactor.noCode`, for the account page until it reads that text itself. */
export const NO_CODE = "Enter the code from your authenticator app, or one of your recovery codes.";
// Long enough for any recovery code with its dashes; a paste of something else is cut, not sent whole.
export const CODE_MAX = 64;

/** What a person typed, as the server reads it: spaces (as apps show "123 456") taken out. */
export const normaliseCode = (typed: string) => typed.replace(/\s+/g, "");
