import type { Principal } from '../../domain/kernel/principal.ts';
import type { Trigger } from '../../domain/triggers/trigger.ts';
import { TriggerNotFound } from '../../domain/triggers/webhook-errors.ts';
import type { Role } from '../../domain/workspaces/workspace.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { TriggerRepository } from './ports/trigger-repository.ts';

export interface TriggerAccessDeps {
  readonly triggers: TriggerRepository;
  readonly workspaceAccess: WorkspaceAccess;
}

/** The trigger when the caller holds `minimum` in its workspace; another workspace's trigger is NotFound. */
export async function accessibleTrigger(
  deps: TriggerAccessDeps,
  principal: Principal,
  triggerId: string,
  minimum: Role,
): Promise<Trigger> {
  const trigger = await deps.triggers.findById(triggerId);
  if (!trigger) throw new TriggerNotFound();
  await deps.workspaceAccess(principal, trigger.workspaceId, minimum, 'trigger');
  return trigger;
}
