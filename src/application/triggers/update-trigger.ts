import type { Principal } from '../../domain/kernel/principal.ts';
import type { Trigger, TriggerChanges } from '../../domain/triggers/trigger.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { accessibleTrigger, type TriggerAccessDeps } from './accessible-trigger.ts';

export type UpdateTrigger = (
  principal: Principal,
  triggerId: string,
  changes: TriggerChanges,
) => Promise<Trigger>;

/** Admins and owners rename, enable or disable a trigger and change its limits. */
export function makeUpdateTrigger(deps: TriggerAccessDeps & { clock: Clock }): UpdateTrigger {
  return async (principal, triggerId, changes) => {
    const trigger = await accessibleTrigger(deps, principal, triggerId, 'admin');
    trigger.update(changes, deps.clock.now());
    await deps.triggers.save(trigger);
    return trigger;
  };
}
