// Business constants and timings of SPEC §9, in one place so that the screens and the
// tests agree on them.

/** Rows per page on every list. */
export const PAGE_SIZE = 10;
/** Pages shown each side of the current page in the pager. */
export const PAGER_WINDOW = 2;
/** The bulk-result banner hides itself after this long. */
export const BULK_RESULT_HIDE_MS = 60000;
/** A failed create or update shows its error this long before returning. */
export const ERROR_BEFORE_REDIRECT_MS = 3000;
/** Delay before /login after sign-up or account activation. */
export const REDIRECT_AFTER_SIGNUP_MS = 1000;
/** Delay before /login after a password reset or change. */
export const REDIRECT_AFTER_PASSWORD_MS = 2000;
/** A running execution's screen asks for its state this often, until it finishes. */
export const EXECUTION_POLL_MS = 2000;
