import type { Principal } from '../../domain/kernel/principal.ts';
import type { Trigger } from '../../domain/triggers/trigger.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleTrigger, type TriggerAccessDeps } from './accessible-trigger.ts';

export type RevokePreviousTriggerSecret = (principal: Principal, triggerId: string) => Promise<Trigger>;

/** Admins and owners end the previous secret's grace at once (after a leak, or once every sender switched). */
export function makeRevokePreviousTriggerSecret(
  deps: TriggerAccessDeps & { clock: Clock; unitOfWork: UnitOfWork; auditLog: AuditLog },
): RevokePreviousTriggerSecret {
  return async (principal, triggerId) => {
    const trigger = await accessibleTrigger(deps, principal, triggerId, 'admin');
    trigger.revokePreviousSecret(deps.clock.now());
    await deps.unitOfWork.transaction(async () => {
      await deps.triggers.save(trigger);
      await deps.auditLog.record(
        workspaceEvent(principal, 'trigger_previous_secret_revoked', trigger.workspaceId, {
          type: 'trigger',
          id: trigger.id,
        }),
      );
    });
    return trigger;
  };
}
