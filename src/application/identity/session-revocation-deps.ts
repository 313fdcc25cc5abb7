import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { LoginSessionRepository } from './ports/login-session-repository.ts';

/** What ending login sessions needs: the sessions, the audit log and the time (log-out, revocations). */
export interface SessionRevocationDeps {
  loginSessions: LoginSessionRepository;
  auditLog: AuditLog;
  clock: Clock;
}
