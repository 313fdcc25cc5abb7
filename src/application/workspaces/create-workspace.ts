import { type Principal, personOf } from '../../domain/kernel/principal.ts';
import { Membership, Workspace } from '../../domain/workspaces/workspace.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
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
}): CreateWorkspace {
  return async (principal, { name }) => {
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
