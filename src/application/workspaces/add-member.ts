import { NotFound } from '../../domain/errors.ts';
import { canonicalLogin } from '../../domain/users/user.ts';
import { Membership, type Role } from '../../domain/workspaces/workspace.ts';
import type { Principal } from '../auth/principal.ts';
import type { Clock } from '../ports/clock.ts';
import type { UserRepository } from '../ports/user-repository.ts';
import type { MemberView, WorkspaceRepository } from '../ports/workspace-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type AddMember = (
  principal: Principal,
  workspaceId: string,
  input: { usernameOrEmail: string; role: Role },
) => Promise<MemberView>;

/** Owners add an existing user, by username or e-mail, with any role. */
export function makeAddMember(deps: {
  workspaces: WorkspaceRepository;
  users: UserRepository;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
}): AddMember {
  return async (principal, workspaceId, { usernameOrEmail, role }) => {
    await deps.workspaceAccess(principal.userId, workspaceId, 'owner');
    const user = await deps.users.findByLogin(canonicalLogin(usernameOrEmail));
    if (!user) throw new NotFound('user');
    await deps.workspaces.addMember(
      new Membership({ workspaceId, userId: user.id, role, createdAt: deps.clock.now() }),
    );
    const member = await deps.workspaces.findMember(workspaceId, user.id);
    if (!member) throw new NotFound('member');
    return member;
  };
}
