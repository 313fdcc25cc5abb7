import type { Principal } from '../../domain/kernel/principal.ts';
import {
  checkWorkspaceRetention,
  NO_WORKSPACE_RETENTION,
  WORKSPACE_RETENTION_SETTINGS,
  type WorkspaceRetention,
} from '../../domain/kernel/retention.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { type RetentionDeps, type RetentionView, retentionView } from './get-retention.ts';

export type UpdateRetention = (
  principal: Principal,
  workspaceId: string,
  values: Partial<WorkspaceRetention>,
) => Promise<RetentionView>;

/**
 * Owners set their workspace's retention: each setting whole days within its bounds (shorter or longer than
 * the instance's default), or null (absent) to follow the default. Audited `retention_updated` with the
 * settings that changed and their new days, in the transaction of the change.
 */
export function makeUpdateRetention(
  deps: RetentionDeps & { unitOfWork: UnitOfWork; auditLog: AuditLog; clock: Clock },
): UpdateRetention {
  return async (principal, workspaceId, given) => {
    await deps.workspaceAccess(principal, workspaceId, 'owner');
    const values = checkWorkspaceRetention({ ...NO_WORKSPACE_RETENTION, ...given });
    await deps.unitOfWork.transaction(async () => {
      const before = await deps.workspaceRetention.find(workspaceId);
      const changed = WORKSPACE_RETENTION_SETTINGS.filter((setting) => before[setting] !== values[setting]);
      if (changed.length === 0) return;
      await deps.workspaceRetention.save(workspaceId, values, deps.clock.now());
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'retention_updated',
          workspaceId,
          { type: 'workspace', id: workspaceId },
          { fields: changed.join(','), ...Object.fromEntries(changed.map((s) => [`${s}_days`, values[s]])) },
        ),
      );
    });
    return retentionView(deps.retentionSettings, values);
  };
}
