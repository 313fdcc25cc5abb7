import { RETENTION_SETTINGS, retentionCutoffs } from '../../domain/kernel/retention.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { RetentionPurge } from '../kernel/ports/retention-purge.ts';
import type { WorkspaceRetentionRepository } from './ports/workspace-retention-repository.ts';
import type { RetentionSettings } from './retention-settings.ts';

/** What one pass deleted, by purge name (`runs`, `sessions`, ...); only names with rows. */
export type PurgedCounts = Readonly<Record<string, number>>;

export type ApplyRetention = () => Promise<PurgedCounts>;

/**
 * One retention pass: every area's purges, each in batches of `batchSize` rows (each its own short
 * transaction) while batches come back full, at most `maxBatches` each. Cutoffs are taken once, at the start,
 * from the instance's days and the workspaces' own. Several instances may run it at once: each batch skips the
 * rows another holds, so each row is deleted once and the instances' counts add up. A pass that deleted
 * anything records `retention.purged` with its counts (an instance event: no workspace, no actor).
 */
export function makeApplyRetention(deps: {
  retentionPurges: readonly RetentionPurge[];
  workspaceRetention: WorkspaceRetentionRepository;
  retentionSettings: RetentionSettings;
  auditLog: AuditLog;
  clock: Clock;
}): ApplyRetention {
  return async () => {
    const now = deps.clock.now();
    const { days, batchSize, maxBatches } = deps.retentionSettings;
    const workspaces = await deps.workspaceRetention.listSet();
    const cutoffs = new Map(
      RETENTION_SETTINGS.map((setting) => [setting, retentionCutoffs(setting, now, days, workspaces)]),
    );
    const counts: Record<string, number> = {};
    try {
      for (const purge of deps.retentionPurges) {
        const cutoff = cutoffs.get(purge.setting);
        if (!cutoff) continue;
        for (let batch = 0; batch < maxBatches; batch++) {
          const purged = await purge.purgeBatch(cutoff, batchSize);
          if (purged > 0) counts[purge.name] = (counts[purge.name] ?? 0) + purged;
          if (purged < batchSize) break;
        }
      }
    } finally {
      // A failing batch ends the pass, but what the batches before it deleted is still recorded.
      if (Object.keys(counts).length > 0)
        await deps.auditLog.record({ type: 'retention.purged', details: { ...counts } });
    }
    return counts;
  };
}
