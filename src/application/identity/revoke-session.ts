import { NotFound } from '../../domain/kernel/errors.ts';
import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import { sessionEvent } from '../audit/index.ts';
import type { SessionRevocationDeps } from './session-revocation-deps.ts';

export type RevokeSession = (principal: Principal, sessionId: string, ip: string) => Promise<void>;

/** Revokes one of the caller's own sessions; another user's session is "not found", never "forbidden". */
export function makeRevokeSession(deps: SessionRevocationDeps): RevokeSession {
  return async (caller, sessionId, ip) => {
    const principal = personOf(caller);
    const session = await deps.loginSessions.findById(sessionId);
    if (!session || session.userId !== principal.userId || session.revokedAt !== null)
      throw new NotFound('session');
    await deps.loginSessions.revoke(session.id, 'revoked_by_user', deps.clock.now());
    await deps.auditLog.record(
      sessionEvent('session_revoked', { userId: principal.userId, sessionId: session.id }, ip),
    );
  };
}
