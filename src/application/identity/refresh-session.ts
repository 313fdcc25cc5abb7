import { InvalidRefreshToken } from '../../domain/identity/auth-errors.ts';
import type { SessionLifetimes } from '../../domain/identity/login-session.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';
import type { LoginThrottle } from './ports/login-throttle.ts';
import { issueTokenPair, type TokenPair, type TokenPairDeps } from './token-pair.ts';

export type RefreshSession = (input: { refreshToken: string; ip: string }) => Promise<TokenPair>;

export interface RefreshSessionDeps extends TokenPairDeps {
  readonly loginSessions: LoginSessionRepository;
  readonly loginThrottle: LoginThrottle;
  readonly auditLog: AuditLog;
  readonly clock: Clock;
  readonly sessionLifetimes: SessionLifetimes;
}

/**
 * Rotates a refresh token (RFC 9700): the current token yields the next generation; its immediate parent,
 * inside the grace window, yields that same successor (concurrent tabs); any other token revokes the session.
 */
export function makeRefreshSession(deps: RefreshSessionDeps): RefreshSession {
  return async ({ refreshToken, ip }) => {
    await deps.loginThrottle.checkRefresh(ip);
    const subject = deps.refreshTokens.read(refreshToken);
    if (!subject) throw new InvalidRefreshToken();

    // Two passes at most: losing the compare-and-set to a concurrent refresh re-judges against its result.
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await deps.loginSessions.findInUse(subject.sessionId);
      if (!found) throw new InvalidRefreshToken();
      const { session, userEpoch } = found;
      const now = deps.clock.now();
      const verdict = session.judgeRefresh(subject.generation, now, deps.sessionLifetimes, userEpoch);
      switch (verdict.kind) {
        case 'inactive':
          throw new InvalidRefreshToken();
        case 'reissue':
          return issueTokenPair(deps, session, verdict.current, now);
        case 'reuse':
          await deps.loginSessions.revoke(session.id, 'refresh_token_reuse', now);
          await deps.auditLog.record({
            type: 'refresh_reuse_detected',
            userId: session.userId,
            sessionId: session.id,
            ip,
            details: { presented_generation: subject.generation, current_generation: session.generation },
          });
          throw new InvalidRefreshToken();
        case 'rotate':
          if (await deps.loginSessions.rotate(session.id, subject.generation, now)) {
            return issueTokenPair(deps, session.rotated(now), verdict.next, now);
          }
      }
    }
    throw new InvalidRefreshToken();
  };
}
