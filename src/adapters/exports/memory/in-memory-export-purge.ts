import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import { inMemoryPurge } from '../../platform/memory/in-memory-retention.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { exportTables } from './export-tables.ts';

/** Retention of finished exports in the store (see postgresExportPurge). */
export function inMemoryExportPurge(store: InMemoryStore): RetentionPurge {
  return inMemoryPurge(store, {
    setting: 'files',
    name: 'exports',
    table: (s) => exportTables(s).exports,
    keyOf: (job) => job.id,
    endedAt: (job) => (job.status === 'succeeded' || job.status === 'failed' ? job.finishedAt : null),
    workspaceOf: (job) => job.workspaceId,
  });
}
