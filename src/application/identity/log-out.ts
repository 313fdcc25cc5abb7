import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import { type AuditLog, sessionEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';

export type LogOut = (principal: Principal, ip: string) => Promise<void>;

/** Ends the caller's login session: its refresh token and every access token of it stop working now. */
export function makeLogOut(deps: {
  loginSessions: LoginSessionRepository;
  auditLog: AuditLog;
  clock: Clock;
}): LogOut {
  return async (caller, ip) => {
    const principal = personOf(caller);
    await deps.loginSessions.revoke(principal.sessionId, 'logout', deps.clock.now());
    await deps.auditLog.record(sessionEvent('logout', principal, ip));
  };
}
