import type { Principal } from '../../domain/kernel/principal.ts';
import type { Trigger } from '../../domain/triggers/trigger.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { accessibleTrigger, type TriggerAccessDeps } from './accessible-trigger.ts';

export type RevokePreviousTriggerSecret = (principal: Principal, triggerId: string) => Promise<Trigger>;

/** Admins and owners end the previous secret's grace at once (after a leak, or once every sender switched). */
export function makeRevokePreviousTriggerSecret(
  deps: TriggerAccessDeps & { clock: Clock },
): RevokePreviousTriggerSecret {
  return async (principal, triggerId) => {
    const trigger = await accessibleTrigger(deps, principal, triggerId, 'admin');
    trigger.revokePreviousSecret(deps.clock.now());
    await deps.triggers.save(trigger);
    return trigger;
  };
}
