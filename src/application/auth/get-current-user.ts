import { NotFound } from '../../domain/errors.ts';
import type { User } from '../../domain/users/user.ts';
import type { UserRepository } from '../ports/user-repository.ts';
import type { WorkspaceMembershipView, WorkspaceRepository } from '../ports/workspace-repository.ts';
import type { Principal } from './principal.ts';

export type GetCurrentUser = (
  principal: Principal,
) => Promise<{ user: User; workspaces: WorkspaceMembershipView[] }>;

export function makeGetCurrentUser(deps: {
  users: UserRepository;
  workspaces: WorkspaceRepository;
}): GetCurrentUser {
  return async (principal) => {
    const [user, workspaces] = await Promise.all([
      deps.users.findById(principal.userId),
      deps.workspaces.listForUser(principal.userId),
    ]);
    if (!user) throw new NotFound('user');
    return { user, workspaces };
  };
}
