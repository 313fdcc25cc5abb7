import type { Principal } from '../../domain/kernel/principal.ts';
import type { Trigger } from '../../domain/triggers/trigger.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { TriggerFilter, TriggerRepository } from './ports/trigger-repository.ts';

export type ListTriggers = (
  principal: Principal,
  filter: TriggerFilter,
  page: PageRequest,
) => Promise<Page<Trigger>>;

/** A workspace's triggers (of one of its missions when given), oldest first, for any member. */
export function makeListTriggers(deps: {
  triggers: TriggerRepository;
  workspaceAccess: WorkspaceAccess;
}): ListTriggers {
  return async (principal, filter, page) => {
    await deps.workspaceAccess(principal, filter.workspaceId, 'member');
    return deps.triggers.list(filter, page);
  };
}
