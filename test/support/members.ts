import type { Cradle } from '../../src/container.ts';
import type { Principal } from '../../src/domain/kernel/principal.ts';
import type { Role } from '../../src/domain/kernel/roles.ts';
import { api } from './api.ts';
import type { SignedUp, TestApp } from './test-app.ts';

/** Someone who may join: the principal they act as and a name they hold (username or e-mail). */
export interface Joiner {
  readonly principal: Principal;
  readonly login: string;
}

/** Makes `joiner` a member the only way there is: the owner invites, the joiner accepts. */
export async function joinWorkspace(
  app: Pick<Cradle, 'inviteMember' | 'acceptInvitation'>,
  owner: Principal,
  workspaceId: string,
  joiner: Joiner,
  role: Role,
): Promise<void> {
  const invitation = await app.inviteMember(owner, workspaceId, { usernameOrEmail: joiner.login, role });
  await app.acceptInvitation(joiner.principal, invitation.id);
}

/** The same over HTTP: the owner invites the joiner's username, the joiner accepts with their own token. */
export async function joinWorkspaceOverHttp(
  app: TestApp,
  owner: SignedUp,
  workspaceId: string,
  joiner: SignedUp,
  role: Role,
): Promise<void> {
  const sent = await api(app, owner, 'POST', `/api/workspaces/${workspaceId}/invitations`, {
    username_or_email: joiner.username,
    role,
  });
  if (sent.status !== 201) throw new Error(`invitation failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const accepted = await api(app, joiner, 'POST', `/api/invitations/${sent.body.id}/accept`);
  if (accepted.status !== 200)
    throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}
