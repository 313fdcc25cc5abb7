import { InvalidToken } from '../../domain/identity/auth-errors.ts';
import type { SessionLifetimes } from '../../domain/identity/login-session.ts';
import { type UserPrincipal, userPrincipal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { AccessTokenService } from './ports/access-token-service.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';

export type Authenticate = (accessToken: string) => Promise<UserPrincipal>;

/**
 * A valid signature is not enough: the token's login session must still be live, and its user still in the
 * security epoch it started in, so logout, revocation, disabling the user and a new password take effect on
 * the next request, not at expiry (the epoch comes with the session, in one query).
 */
export function makeAuthenticate(deps: {
  accessTokens: AccessTokenService;
  /** The hot-path read of a session in use: may be a cache, at most the invalidation delay old elsewhere. */
  cachedLoginSessions: Pick<LoginSessionRepository, 'findInUse'>;
  clock: Clock;
  sessionLifetimes: SessionLifetimes;
}): Authenticate {
  return async (accessToken) => {
    const claims = await deps.accessTokens.verify(accessToken);
    const found = await deps.cachedLoginSessions.findInUse(claims.sessionId);
    if (
      !found ||
      found.session.userId !== claims.userId ||
      !found.session.isActive(deps.clock.now(), deps.sessionLifetimes, found.userEpoch)
    ) {
      throw new InvalidToken('the login session of this access token has ended');
    }
    return userPrincipal(claims.userId, claims.sessionId);
  };
}
