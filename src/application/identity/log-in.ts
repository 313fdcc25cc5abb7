import type { RequireSecondFactor } from './require-second-factor.ts';
import { type StartLoginSessionDeps, startLoginSession } from './start-login-session.ts';
import type { TokenPair } from './token-pair.ts';
import type { VerifyCredentials } from './verify-credentials.ts';

export interface LogInInput {
  readonly usernameOrEmail: string;
  readonly password: string;
  readonly ip: string;
  readonly userAgent: string | null;
}

export type LogIn = (input: LogInInput) => Promise<TokenPair>;

export interface LogInDeps extends StartLoginSessionDeps {
  readonly verifyCredentials: VerifyCredentials;
  readonly requireSecondFactor: RequireSecondFactor;
}

/**
 * Exchanges a username or e-mail and password for a token pair (see `startLoginSession`). With two-factor
 * login on, the password alone starts nothing: MfaRequired carries the token `completeMfaLogin` takes.
 */
export function makeLogIn(deps: LogInDeps): LogIn {
  return async ({ usernameOrEmail, password, ip, userAgent }) => {
    const user = await deps.verifyCredentials({ usernameOrEmail, password, ip });
    await deps.requireSecondFactor(user);
    return startLoginSession(deps, user, { ip, userAgent });
  };
}
