// How long a password may be: shared by the auth library's settings, the password rules and the
// sign-up form (which checks the length before sending). Kept apart from password-rules.ts so the
// form does not pull in the guessability dictionaries.
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
