import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import { type AuditLog, sessionEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';

export type RevokeAllSessions = (principal: Principal, ip: string) => Promise<number>;

/** Signs the user out everywhere, including the calling session; returns how many sessions ended. */
export function makeRevokeAllSessions(deps: {
  loginSessions: LoginSessionRepository;
  auditLog: AuditLog;
  clock: Clock;
}): RevokeAllSessions {
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
