import { type AccessDeps, accessibleInWorkspace } from '../workspaces/index.ts';
import type { TriggerRepository } from './ports/trigger-repository.ts';

export type TriggerAccessDeps = AccessDeps & { readonly triggers: TriggerRepository };

/** The trigger when the caller holds `minimum` in its workspace; another workspace's trigger is NotFound. */
export const accessibleTrigger = accessibleInWorkspace('trigger', (deps: TriggerAccessDeps, id) =>
  deps.triggers.findById(id),
);
