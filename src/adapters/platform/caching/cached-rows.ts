/** A row event a table's trigger announces. */
export type RowEvent = 'insert' | 'update' | 'delete';

/**
 * One entity whose rows some cache holds: the table, the kind its changes are announced as, the key column
 * whose old and new values are announced, and the row events that announce it (an insert only where a cache
 * holds a list the new row joins: absence is never cached).
 */
export interface CachedRow {
  readonly kind: string;
  readonly table: string;
  readonly key: string;
  readonly on: readonly RowEvent[];
}

/**
 * Every cached entity, declared once. The kinds changes carry, what the feed accepts and what caches may
 * forget on are derived from here; the row triggers of the migrations must announce exactly these
 * (test/integration/platform/cached-row-triggers.test.ts reads them from the database). A new entry needs
 * a migration adding its trigger.
 */
export const CACHED_ROWS = [
  { kind: 'login_session', table: 'login_sessions', key: 'id', on: ['update', 'delete'] },
  { kind: 'user', table: 'users', key: 'id', on: ['update', 'delete'] },
  { kind: 'memberships', table: 'memberships', key: 'user_id', on: ['insert', 'update', 'delete'] },
  { kind: 'workspace', table: 'workspaces', key: 'id', on: ['update', 'delete'] },
  { kind: 'trigger', table: 'triggers', key: 'id', on: ['update', 'delete'] },
  { kind: 'mission', table: 'missions', key: 'id', on: ['update', 'delete'] },
  { kind: 'api_key', table: 'api_keys', key: 'id', on: ['update', 'delete'] },
] as const satisfies readonly CachedRow[];

/**
 * What changed: a login session (by id), a user (by id: their row, sessions' epoch, memberships), the
 * memberships of a user (by user id), a workspace (by id), a trigger, a mission, an API key (each by id).
 */
export type ChangeKind = (typeof CACHED_ROWS)[number]['kind'];

export interface Change {
  readonly kind: ChangeKind;
  readonly id: string;
}

/** The change of one row of `kind`, named by its key. */
export const changed =
  (kind: ChangeKind) =>
  (id: string): Change => ({ kind, id });
