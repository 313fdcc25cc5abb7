// What later areas use of the identity area's domain: they import it from here only (`make layers`).
export { InvalidAccountToken } from './account-token.ts';
export { InvalidCredentials, InvalidToken, Unauthenticated } from './auth-errors.ts';
export { CsrfRejected, WrongCurrentPassword } from './browser-errors.ts';
export type { BrowserSession, BrowserSessionLifetimes } from './browser-session.ts';
export { constantTimeEqual } from './constant-time-equal.ts';
export type { LoginSession, SessionLifetimes } from './login-session.ts';
export { MfaRequired } from './two-factor.ts';
export { canonicalLogin, type User } from './user.ts';
