import type {
  WorkspaceMembershipView,
  WorkspaceRepository,
} from '../../../application/ports/workspace-repository.ts';
import { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import { currentEm, type Orm } from './orm.ts';

export class MikroOrmWorkspaceRepository implements WorkspaceRepository {
  readonly #orm: Orm;

  constructor({ orm }: { orm: Orm }) {
    this.#orm = orm;
  }

  async listForUser(userId: string): Promise<WorkspaceMembershipView[]> {
    const em = currentEm(this.#orm);
    const memberships = await em.find(Membership, { userId }, { limit: 1000 });
    if (memberships.length === 0) return [];
    const workspaces = await em.find(
      Workspace,
      { id: { $in: memberships.map((m) => m.workspaceId) } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const roles = new Map(memberships.map((m) => [m.workspaceId, m.role]));
    return workspaces.map((workspace) => ({ workspace, role: roles.get(workspace.id) ?? 'member' }));
  }
}
