import type {
  MemoryItemRepository,
  MemorySearch,
} from '../../../application/memory/ports/memory-item-repository.ts';
import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import type { MemoryItem } from '../../../domain/memory/memory-item.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';

const COLUMNS = 'workspace_id, namespace, key, value, created_at, updated_at, expires_at';
/** `users.42.`: labels never hold a dot, so the items under a prefix are the paths in [`users.`, `users/`). */
const pathOf = (namespace: readonly string[]) => `${namespace.join('.')}.`;
/** The live rows: an expired item is gone at once, swept or not. */
const LIVE = (now: string) => `(expires_at is null or expires_at > ${now}::timestamptz)`;

interface MemoryRow {
  workspace_id: string;
  namespace: string[];
  key: string;
  value: JsonObject;
  created_at: string | Date;
  updated_at: string | Date;
  expires_at: string | Date | null;
}

function toItem(row: MemoryRow): MemoryItem {
  return {
    workspaceId: row.workspace_id,
    namespace: row.namespace,
    key: row.key,
    value: row.value,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
  };
}

/**
 * Memory items in `memory_items`: full-text over the generated `search` tsvector of the value's strings
 * (`websearch_to_tsquery`, ranked by `ts_rank_cd`), filters by JSONB containment, both GIN-indexed.
 */
export class PostgresMemoryItemRepository extends PostgresRepository implements MemoryItemRepository {
  put(item: MemoryItem, now: Date): Promise<{ item: MemoryItem; created: boolean }> {
    return this.db.transaction(async () => {
      // An expired item at the address is gone: the write makes a new one (its own created_at).
      await this.db.query(
        `delete from memory_items where workspace_id = $1 and namespace = $2::text[] and key = $3
          and not ${LIVE('$4')}`,
        [item.workspaceId, item.namespace, item.key, now],
      );
      const [row] = await this.db.query<MemoryRow & { created: boolean }>(
        `insert into memory_items (${COLUMNS}, path) values ($1, $2::text[], $3, $4::jsonb, $5, $6, $7, $8)
         on conflict (workspace_id, namespace, key) do update
           set value = excluded.value, updated_at = excluded.updated_at, expires_at = excluded.expires_at
         returning ${COLUMNS}, (xmax = 0) as created`,
        [
          item.workspaceId,
          item.namespace,
          item.key,
          JSON.stringify(item.value),
          item.createdAt,
          item.updatedAt,
          item.expiresAt,
          pathOf(item.namespace),
        ],
      );
      return { item: toItem(row as MemoryRow), created: (row as { created: boolean }).created };
    });
  }

  async find(workspaceId: string, namespace: readonly string[], key: string, now: Date) {
    const [row] = await this.db.query<MemoryRow>(
      `select ${COLUMNS} from memory_items
        where workspace_id = $1 and namespace = $2::text[] and key = $3 and ${LIVE('$4')}`,
      [workspaceId, namespace, key, now],
    );
    return row && toItem(row);
  }

  async delete(workspaceId: string, namespace: readonly string[], key: string, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      `delete from memory_items where workspace_id = $1 and namespace = $2::text[] and key = $3
        and ${LIVE('$4')} returning key`,
      [workspaceId, namespace, key, now],
    );
    return rows.length === 1;
  }

  async search(search: MemorySearch, now: Date): Promise<MemoryItem[]> {
    const params = new SqlParameters();
    const path = pathOf(search.namespacePrefix);
    const conditions = [
      `workspace_id = ${params.add(search.workspaceId)}`,
      `path >= ${params.add(path)} and path < ${params.add(`${path.slice(0, -1)}/`)}`,
      LIVE(params.add(now)),
    ];
    if (search.filter !== undefined)
      conditions.push(`value @> ${params.add(JSON.stringify(search.filter))}::jsonb`);
    let order = 'updated_at desc, namespace, key';
    let from = 'memory_items';
    if (search.query !== undefined) {
      from = `memory_items, websearch_to_tsquery('english', ${params.add(search.query)}) as q`;
      conditions.push('search @@ q');
      order = `ts_rank_cd(search, q) desc, ${order}`;
    }
    const rows = await this.db.query<MemoryRow>(
      `select ${COLUMNS} from ${from} where ${conditions.join(' and ')}
        order by ${order} limit ${params.add(search.limit)}`,
      params.values,
    );
    return rows.map(toItem);
  }

  async deleteExpired(now: Date, limit: number): Promise<number> {
    // SKIP LOCKED: sweepers on several instances split the expired rows instead of waiting on each other.
    const rows = await this.db.query(
      `delete from memory_items where ctid in (
         select ctid from memory_items where expires_at <= $1 limit $2 for update skip locked)
       returning key`,
      [now, limit],
    );
    return rows.length;
  }
}
