import type { RequireSecondFactor } from './require-second-factor.ts';
import { type SignedIn, type StartBrowserSessionDeps, startBrowserSession } from './start-browser-session.ts';
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

export type SignIn = (input: SignInInput) => Promise<SignedIn>;

/**
 * Browser sign-in: the same password check as the API login (throttling, one answer for every failure), then
 * a brand-new server-side session (see `startBrowserSession`). With two-factor login on, MfaRequired instead:
 * the page asks for the code and `completeMfaSignIn` starts the session.
 */
export function makeSignIn(
  deps: StartBrowserSessionDeps & {
    verifyCredentials: VerifyCredentials;
    requireSecondFactor: RequireSecondFactor;
  },
): SignIn {
  return async ({ usernameOrEmail, password, ip, userAgent, previousToken }) => {
    const user = await deps.verifyCredentials({ usernameOrEmail, password, ip });
    await deps.requireSecondFactor(user);
    return startBrowserSession(deps, user, { ip, userAgent, previousToken });
  };
}
