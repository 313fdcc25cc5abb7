import type { AuditFilter, StoredAuditEvent } from '../../../application/audit/ports/audit-events.ts';
import { AUDIT_ACTIONS, type AuditTarget } from '../../../application/audit/ports/audit-log.ts';
import type { View } from '../../platform/http/answers.ts';
import { timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { pageQueryProperties } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const TARGET_TYPES: readonly AuditTarget['type'][] = [
  'user',
  'member',
  'invitation',
  'api_key',
  'trigger',
  'webhook_endpoint',
  'model_provider',
  'workspace',
  'mission',
  'schedule',
  'agent',
  'thread',
];

/** Filters of an audit list (all optional, all must hold) and its page. */
export const auditEventQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    action: { enum: [...AUDIT_ACTIONS], description: 'Only events of this action.' },
    actor_id: { ...uuid, description: 'Only events by this user or API key.' },
    target_type: { enum: [...TARGET_TYPES], description: 'Only events about this kind of thing.' },
    target_id: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'Only events about this id.',
    },
    since: { ...timestamp, description: 'Only events at or after this time (RFC 3339).' },
    until: { ...timestamp, description: 'Only events before this time (RFC 3339).' },
    ...pageQueryProperties,
  },
};

export const auditEvent: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'action', 'occurred_at', 'actor', 'target', 'workspace_id', 'context', 'details'],
  properties: {
    id: uuid,
    action: { enum: [...AUDIT_ACTIONS] },
    occurred_at: timestamp,
    actor: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'id'],
      description: 'Who acted: a user, an API key, or the system (no id).',
      properties: {
        type: { enum: ['user', 'api_key', 'system'] },
        id: { anyOf: [uuid, { type: 'null' }] },
      },
    },
    target: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'id'],
          properties: { type: { enum: [...TARGET_TYPES] }, id: { type: 'string', maxLength: 64 } },
        },
        { type: 'null' },
      ],
    },
    workspace_id: { anyOf: [uuid, { type: 'null' }] },
    context: {
      type: 'object',
      additionalProperties: false,
      required: ['ip', 'session_id'],
      properties: {
        ip: { type: ['string', 'null'], maxLength: 64 },
        session_id: { anyOf: [uuid, { type: 'null' }] },
      },
    },
    details: {
      type: 'object',
      maxProperties: 32,
      description: 'Names and flags only: never a secret, token, key or body.',
      additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 1024 },
    },
  },
};

/** The filter a validated query asks for. */
export function auditFilterOf(query: Record<string, unknown>): AuditFilter {
  const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : undefined);
  return {
    action: query.action as AuditFilter['action'],
    actorId: query.actor_id as string | undefined,
    targetType: query.target_type as AuditFilter['targetType'],
    targetId: query.target_id as string | undefined,
    since: date(query.since),
    until: date(query.until),
  };
}

/** `{action, actor, target, context, occurred_at}` (the shape of WorkOS's and dbt's audit APIs). */
export function presentAuditEvent(event: StoredAuditEvent) {
  const actor = event.apiKeyId
    ? { type: 'api_key', id: event.apiKeyId }
    : event.userId
      ? { type: 'user', id: event.userId }
      : { type: 'system', id: null };
  return {
    id: event.id,
    action: event.type,
    occurred_at: event.occurredAt.toISOString(),
    actor,
    target: event.target,
    workspace_id: event.workspaceId,
    context: { ip: event.ip, session_id: event.sessionId },
    details: event.details,
  };
}

/** How an audit event is declared and shown in a page. */
export const auditEvents: View<StoredAuditEvent> = { schema: auditEvent, present: presentAuditEvent };
