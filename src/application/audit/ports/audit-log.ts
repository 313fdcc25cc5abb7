/** Security events of a person's account and sessions. */
export const ACCOUNT_AUDIT_ACTIONS = [
  'login_succeeded',
  'login_failed',
  'refresh_reuse_detected',
  'logout',
  'session_revoked',
  'signing_key_rotated',
  'user_created',
  'user_disabled',
  'password_changed',
  'email_verified',
  'password_reset_requested',
  'password_reset',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_recovery_code_used',
  'sso_identity_linked',
] as const;

/** Changes to a workspace and what it holds: what its owners and admins read in its audit log. */
export const WORKSPACE_AUDIT_ACTIONS = [
  'workspace_renamed',
  'member_joined',
  'member_role_changed',
  'member_removed',
  'invitation_created',
  'invitation_revoked',
  'api_key_created',
  'api_key_revoked',
  'trigger_created',
  'trigger_updated',
  'trigger_deleted',
  'trigger_secret_rotated',
  'trigger_previous_secret_revoked',
  'webhook_endpoint_created',
  'webhook_endpoint_updated',
  'webhook_endpoint_deleted',
  'webhook_endpoint_secret_rotated',
  'endpoint.disabled',
  'mission_created',
  'mission_updated',
  'mission_deleted',
  'schedule_created',
  'schedule_updated',
  'schedule_deleted',
  'retention_updated',
  'model_provider_created',
  'model_provider_updated',
  'model_provider_deleted',
  'agent_created',
  'agent_updated',
  'agent_deleted',
  'thread_created',
  'thread_deleted',
] as const;

/** Events of the instance itself, in no workspace and by no one: the audit table holds them for operators. */
export const INSTANCE_AUDIT_ACTIONS = ['retention.purged'] as const;

export const AUDIT_ACTIONS = [
  ...ACCOUNT_AUDIT_ACTIONS,
  ...WORKSPACE_AUDIT_ACTIONS,
  ...INSTANCE_AUDIT_ACTIONS,
] as const;

export type AuditEventType = (typeof AUDIT_ACTIONS)[number];

/** What an event is about: a member, a key, a trigger... (`type` from a fixed set, `id` its identifier). */
export interface AuditTarget {
  readonly type:
    | 'user'
    | 'member'
    | 'invitation'
    | 'api_key'
    | 'trigger'
    | 'webhook_endpoint'
    | 'workspace'
    | 'mission'
    | 'schedule'
    | 'model_provider'
    | 'agent'
    | 'thread';
  readonly id: string;
}

export interface AuditEvent {
  readonly type: AuditEventType;
  /** The person who acted (or, for a login, whose account it was). */
  readonly userId?: string | null;
  readonly sessionId?: string | null;
  /** The API key that acted, when a key did. */
  readonly apiKeyId?: string | null;
  /** The workspace the event happened in; listed in its audit log. */
  readonly workspaceId?: string | null;
  readonly target?: AuditTarget | null;
  readonly ip?: string | null;
  /** Never secrets: no passwords, tokens, keys, signing secrets or bodies; names and flags only. */
  readonly details?: Record<string, string | number | boolean | null>;
}

export interface AuditLog {
  /** Stores the event (and writes a log line). Joins the surrounding transaction when there is one. */
  record(event: AuditEvent): Promise<void>;
}
