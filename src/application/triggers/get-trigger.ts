import type { Principal } from '../../domain/kernel/principal.ts';
import type { Trigger } from '../../domain/triggers/trigger.ts';
import { accessibleTrigger, type TriggerAccessDeps } from './accessible-trigger.ts';

export type GetTrigger = (principal: Principal, triggerId: string) => Promise<Trigger>;

/** Any member reads a trigger (never its secret: presenters leave it out). */
export function makeGetTrigger(deps: TriggerAccessDeps): GetTrigger {
  return (principal, triggerId) => accessibleTrigger(deps, principal, triggerId, 'member');
}
