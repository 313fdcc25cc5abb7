import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import { assertWithinQuota, type Quotas } from '../../domain/kernel/quotas.ts';
import { Membership, Workspace } from '../../domain/workspaces/workspace.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { Usage } from '../kernel/ports/usage.ts';
import type { WorkspaceMembershipView, WorkspaceRepository } from './ports/workspace-repository.ts';

export type CreateWorkspace = (
  principal: Principal,
  input: { name: string },
) => Promise<WorkspaceMembershipView>;

/** A shared workspace; the caller becomes its owner. People only: a key acts in its own workspace. */
export function makeCreateWorkspace(deps: {
  workspaces: WorkspaceRepository;
  clock: Clock;
  ids: IdGenerator;
  usage: Usage;
  quotas: Quotas;
}): CreateWorkspace {
  return async (principal, { name }) => {
    // Not locked: a person racing their own creations may pass the quota by those in flight.
    assertWithinQuota(
      deps.quotas,
      'workspaces',
      await deps.usage.countOwnedWorkspaces(personOf(principal).userId),
    );
    const now = deps.clock.now();
    const workspace = Workspace.create({ id: deps.ids.newId(), name }, now);
    const owner = new Membership({
      workspaceId: workspace.id,
      userId: personOf(principal).userId,
      role: 'owner',
      createdAt: now,
    });
    await deps.workspaces.create(workspace, owner);
    return { workspace, role: 'owner' };
  };
}
