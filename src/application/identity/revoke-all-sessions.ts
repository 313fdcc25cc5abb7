import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import { sessionEvent } from '../audit/index.ts';
import type { SessionRevocationDeps } from './session-revocation-deps.ts';

export type RevokeAllSessions = (principal: Principal, ip: string) => Promise<number>;

/** Signs the user out everywhere, including the calling session; returns how many sessions ended. */
export function makeRevokeAllSessions(deps: SessionRevocationDeps): RevokeAllSessions {
  return async (caller, ip) => {
    const principal = personOf(caller);
    const count = await deps.loginSessions.revokeAllForUser(
      principal.userId,
      'revoked_all',
      deps.clock.now(),
    );
    await deps.auditLog.record(sessionEvent('session_revoked', principal, ip, { all: true, count }));
    return count;
  };
}
