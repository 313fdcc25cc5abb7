export type AuditEventType =
  | 'login_succeeded'
  | 'login_failed'
  | 'refresh_reuse_detected'
  | 'logout'
  | 'session_revoked'
  | 'signing_key_rotated'
  | 'user_created'
  | 'user_disabled'
  | 'password_changed'
  | 'email_verified'
  | 'password_reset_requested'
  | 'password_reset'
  | 'api_key_created'
  | 'api_key_revoked'
  | 'endpoint.disabled';

export interface AuditEvent {
  readonly type: AuditEventType;
  readonly userId?: string | null;
  readonly sessionId?: string | null;
  readonly ip?: string | null;
  /** Never secrets: no passwords, tokens or keys. */
  readonly details?: Record<string, string | number | boolean | null>;
}

export interface AuditLog {
  /** Stores the event (and writes a log line). Joins the surrounding transaction when there is one. */
  record(event: AuditEvent): Promise<void>;
}
