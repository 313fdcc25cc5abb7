import { NotFound } from '../../domain/kernel/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { BrowserSessionRepository } from './ports/browser-session-repository.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';
import type { CurrentBrowserSession } from './resolve-browser-session.ts';

export type SessionKind = 'browser' | 'api';

export type RevokeOwnSession = (
  current: CurrentBrowserSession,
  target: { kind: SessionKind; id: string },
  ip: string,
) => Promise<void>;

/**
 * Ends one of the signed-in user's other sessions from the web page: a browser session is deleted, an API
 * login session revoked (its refresh and access tokens stop working). Another user's session is "not found".
 */
export function makeRevokeOwnSession(deps: {
  browserSessions: BrowserSessionRepository;
  loginSessions: LoginSessionRepository;
  auditLog: AuditLog;
  clock: Clock;
}): RevokeOwnSession {
  return async ({ user }, { kind, id }, ip) => {
    if (kind === 'browser') {
      if (!(await deps.browserSessions.deleteForUser(user.id, id))) throw new NotFound('session');
    } else {
      const session = await deps.loginSessions.findById(id);
      if (!session || session.userId !== user.id || session.revokedAt !== null) throw new NotFound('session');
      await deps.loginSessions.revoke(id, 'revoked_by_user', deps.clock.now());
    }
    await deps.auditLog.record({
      type: 'session_revoked',
      userId: user.id,
      sessionId: id,
      ip,
      details: { surface: 'browser', kind },
    });
  };
}
