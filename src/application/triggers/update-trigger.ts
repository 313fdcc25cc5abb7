import type { Principal } from '../../domain/kernel/principal.ts';
import type { Trigger, TriggerChanges } from '../../domain/triggers/trigger.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleTrigger, type TriggerAccessDeps } from './accessible-trigger.ts';

export type UpdateTrigger = (
  principal: Principal,
  triggerId: string,
  changes: TriggerChanges,
) => Promise<Trigger>;

/** Admins and owners rename, enable or disable a trigger and change its limits. */
export function makeUpdateTrigger(
  deps: TriggerAccessDeps & { clock: Clock; unitOfWork: UnitOfWork; auditLog: AuditLog },
): UpdateTrigger {
  return async (principal, triggerId, changes) => {
    const trigger = await accessibleTrigger(deps, principal, triggerId, 'admin');
    trigger.update(changes, deps.clock.now());
    await deps.unitOfWork.transaction(async () => {
      await deps.triggers.save(trigger);
      // The names of the fields changed, never their values (a signing secret among them).
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'trigger_updated',
          trigger.workspaceId,
          { type: 'trigger', id: trigger.id },
          {
            fields: Object.keys(changes).sort().join(','),
          },
        ),
      );
    });
    return trigger;
  };
}
