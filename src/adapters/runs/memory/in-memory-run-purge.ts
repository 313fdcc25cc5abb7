import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import { isFinished } from '../../../domain/runs/run-status.ts';
import { inMemoryPurge } from '../../platform/memory/in-memory-retention.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { runTables } from './run-tables.ts';

/** The in-memory counterpart of `postgresRunPurge` (events and event logs go with their run). */
export function inMemoryRunPurge(store: InMemoryStore): RetentionPurge {
  return inMemoryPurge(store, {
    setting: 'runs',
    name: 'runs',
    table: (s) => runTables(s).runs,
    keyOf: (run) => run.id,
    endedAt: (run) => (isFinished(run.status) ? run.finishedAt : null),
    workspaceOf: (run) => run.workspaceId,
  });
}
