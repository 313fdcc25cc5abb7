import { type AuditLog, sessionEvent } from '../audit/index.ts';
import type { BrowserSessionRepository } from './ports/browser-session-repository.ts';
import type { CurrentBrowserSession } from './resolve-browser-session.ts';

export type SignOut = (current: CurrentBrowserSession, ip: string) => Promise<void>;

/** Deletes the server-side session: its cookie, replayed later, names nothing. */
export function makeSignOut(deps: {
  browserSessions: BrowserSessionRepository;
  auditLog: AuditLog;
}): SignOut {
  return async ({ session }, ip) => {
    await deps.browserSessions.deleteForUser(session.userId, session.id);
    await deps.auditLog.record(
      sessionEvent('logout', { userId: session.userId, sessionId: session.id }, ip, { surface: 'browser' }),
    );
  };
}
