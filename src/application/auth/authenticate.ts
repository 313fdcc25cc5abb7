import { InvalidToken } from '../../domain/sessions/auth-errors.ts';
import type { SessionLifetimes } from '../../domain/sessions/login-session.ts';
import type { AccessTokenService } from '../ports/access-token-service.ts';
import type { Clock } from '../ports/clock.ts';
import type { LoginSessionRepository } from '../ports/login-session-repository.ts';
import type { Principal } from './principal.ts';

export type Authenticate = (accessToken: string) => Promise<Principal>;

/**
 * A valid signature is not enough: the token's login session must still be live, so logout, revocation and
 * disabling the user (which revokes every session) take effect on the next request, not at expiry.
 */
export function makeAuthenticate(deps: {
  accessTokens: AccessTokenService;
  loginSessions: LoginSessionRepository;
  clock: Clock;
  sessionLifetimes: SessionLifetimes;
}): Authenticate {
  return async (accessToken) => {
    const claims = await deps.accessTokens.verify(accessToken);
    const session = await deps.loginSessions.findById(claims.sessionId);
    if (
      !session ||
      session.userId !== claims.userId ||
      !session.isActive(deps.clock.now(), deps.sessionLifetimes)
    ) {
      throw new InvalidToken('the login session of this access token has ended');
    }
    return { userId: claims.userId, sessionId: claims.sessionId };
  };
}
