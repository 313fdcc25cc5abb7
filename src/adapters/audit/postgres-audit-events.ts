import type {
  AuditEvents,
  AuditFilter,
  StoredAuditEvent,
} from '../../application/audit/ports/audit-events.ts';
import type { AuditEventType, AuditTarget } from '../../application/audit/ports/audit-log.ts';
import type { Page, PageRequest } from '../../application/kernel/ports/page.ts';
import { afterPosition, toPage } from '../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../platform/postgres/sql-parameters.ts';

interface AuditEventRow {
  id: string;
  type: AuditEventType;
  user_id: string | null;
  session_id: string | null;
  api_key_id: string | null;
  workspace_id: string | null;
  target_type: AuditTarget['type'] | null;
  target_id: string | null;
  ip: string | null;
  details: StoredAuditEvent['details'];
  created_at: string | Date;
}

/** Lists `audit_events` newest first, on the (workspace | user, created_at, id) indexes of migration 0010. */
export class PostgresAuditEvents implements AuditEvents {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  listForWorkspace(workspaceId: string, filter: AuditFilter, page: PageRequest) {
    return this.#list('workspace_id', workspaceId, filter, page);
  }

  listForUser(userId: string, filter: AuditFilter, page: PageRequest) {
    return this.#list('user_id', userId, filter, page);
  }

  async #list(
    column: 'workspace_id' | 'user_id',
    value: string,
    filter: AuditFilter,
    page: PageRequest,
  ): Promise<Page<StoredAuditEvent>> {
    const params = new SqlParameters();
    let where = `${column} = ${params.add(value)}`;
    if (filter.action) where += ` and type = ${params.add(filter.action)}`;
    if (filter.actorId) {
      const actor = params.add(filter.actorId);
      where += ` and (api_key_id = ${actor}::uuid or (api_key_id is null and user_id = ${actor}::uuid))`;
    }
    if (filter.targetType) where += ` and target_type = ${params.add(filter.targetType)}`;
    if (filter.targetId) where += ` and target_id = ${params.add(filter.targetId)}`;
    if (filter.since) where += ` and created_at >= ${params.add(filter.since)}`;
    if (filter.until) where += ` and created_at < ${params.add(filter.until)}`;
    where += afterPosition('created_at, id', page, 'desc', params);
    const rows = await this.#db.query<AuditEventRow>(
      `select id, type, user_id, session_id, api_key_id, workspace_id, target_type, target_id, ip, details, created_at
       from audit_events where ${where}
       order by created_at desc, id desc limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toEvent), page.limit, (event) => ({ createdAt: event.occurredAt, id: event.id }));
  }
}

function toEvent(row: AuditEventRow): StoredAuditEvent {
  return {
    id: row.id,
    type: row.type,
    userId: row.user_id,
    sessionId: row.session_id,
    apiKeyId: row.api_key_id,
    workspaceId: row.workspace_id,
    target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
    ip: row.ip,
    details: row.details,
    occurredAt: new Date(row.created_at),
  };
}
