// What later areas use of the identity area's application: they import it from here only (`make layers`).
export type { Authenticate } from './authenticate.ts';
export type { ChangePassword } from './change-password.ts';
export type { CompleteMfaSignIn } from './complete-mfa-sign-in.ts';
export type { BrowserSessionRepository } from './ports/browser-session-repository.ts';
export type { LoginSessionRepository } from './ports/login-session-repository.ts';
export type { NewUserListener } from './ports/new-user-listener.ts';
export type { SessionTokens } from './ports/session-tokens.ts';
export type { UserRepository } from './ports/user-repository.ts';
export type { UserWorkspaces } from './ports/user-workspaces.ts';
export type { CurrentBrowserSession, ResolveBrowserSession } from './resolve-browser-session.ts';
export type { RevokeOwnSession } from './revoke-own-session.ts';
export type { SignIn } from './sign-in.ts';
export type { SignOut } from './sign-out.ts';
export type { BrowserSessionRequest, SignedIn } from './start-browser-session.ts';
