import type { RequireSecondFactor } from './require-second-factor.ts';
import type { StartBrowserSession } from './start-browser-session.ts';
import type { VerifyCredentials } from './verify-credentials.ts';

export type { SignedIn } from './start-browser-session.ts';

export interface SignInInput {
  readonly usernameOrEmail: string;
  readonly password: string;
  readonly ip: string;
  readonly userAgent: string | null;
  /** The session token the browser already held, if any: that session ends here. */
  readonly previousToken: string | undefined;
}

export type SignIn = (input: SignInInput) => ReturnType<StartBrowserSession>;

/**
 * Browser sign-in: the same password check as the API login (throttling, one answer for every failure), then
 * a brand-new server-side session (see `StartBrowserSession`). With two-factor login on, MfaRequired instead:
 * the page asks for the code and `completeMfaSignIn` starts the session.
 */
export function makeSignIn(deps: {
  verifyCredentials: VerifyCredentials;
  requireSecondFactor: RequireSecondFactor;
  startBrowserSession: StartBrowserSession;
}): SignIn {
  return async ({ usernameOrEmail, password, ...request }) => {
    const user = await deps.verifyCredentials({ usernameOrEmail, password, ip: request.ip });
    await deps.requireSecondFactor(user);
    return deps.startBrowserSession(user, request, { surface: 'browser' });
  };
}
