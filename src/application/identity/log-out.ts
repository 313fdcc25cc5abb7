import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import { sessionEvent } from '../audit/index.ts';
import type { SessionRevocationDeps } from './session-revocation-deps.ts';

export type LogOut = (principal: Principal, ip: string) => Promise<void>;

/** Ends the caller's login session: its refresh token and every access token of it stop working now. */
export function makeLogOut(deps: SessionRevocationDeps): LogOut {
  return async (caller, ip) => {
    const principal = personOf(caller);
    await deps.loginSessions.revoke(principal.sessionId, 'logout', deps.clock.now());
    await deps.auditLog.record(sessionEvent('logout', principal, ip));
  };
}
