import { Membership, Workspace } from '../../domain/workspaces/workspace.ts';
import type { NewUserListener } from '../identity/index.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { WorkspaceRepository } from './ports/workspace-repository.ts';

export type CreatePersonalWorkspace = NewUserListener;

/** A new user's personal workspace, which they own, made with the user (a listener of user creation). */
export function makeCreatePersonalWorkspace(deps: {
  workspaces: WorkspaceRepository;
  ids: IdGenerator;
}): CreatePersonalWorkspace {
  return async (user) => {
    const workspace = new Workspace({
      id: deps.ids.newId(),
      name: `${user.username}'s workspace`,
      personal: true,
      createdAt: user.createdAt,
    });
    const owner = new Membership({
      workspaceId: workspace.id,
      userId: user.id,
      role: 'owner',
      createdAt: user.createdAt,
    });
    await deps.workspaces.create(workspace, owner);
  };
}
