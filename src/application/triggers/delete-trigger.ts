import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleTrigger, type TriggerAccessDeps } from './accessible-trigger.ts';

export type DeleteTrigger = (principal: Principal, triggerId: string) => Promise<void>;

/** Admins and owners delete a trigger: its path answers 404 from now on; its runs stay. */
export function makeDeleteTrigger(
  deps: TriggerAccessDeps & { clock: Clock; unitOfWork: UnitOfWork; auditLog: AuditLog },
): DeleteTrigger {
  return async (principal, triggerId) => {
    const trigger = await accessibleTrigger(deps, principal, triggerId, 'admin');
    await deps.unitOfWork.transaction(async () => {
      await deps.triggers.delete(trigger.id, deps.clock.now());
      await deps.auditLog.record(
        workspaceEvent(principal, 'trigger_deleted', trigger.workspaceId, {
          type: 'trigger',
          id: trigger.id,
        }),
      );
    });
  };
}
