import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser, workspaceOverHttp } from '../../support/http-suite.ts';
import { verifyEmailOf } from '../../support/inbox.ts';
import { testValue } from '../../support/suite-values.ts';
import { signUp } from '../../support/test-app.ts';

describe('workspace invitations over HTTP (PostgreSQL): nobody joins without consent, nothing enumerates', () => {
  const app = suiteApp();
  const owner = suiteUser(app);
  const invitee = suiteUser(app);
  const workspace = testValue(() => workspaceOverHttp(app, owner, 'Invitations'));

  const memberIds = async () =>
    (await api(app, owner, 'GET', `/api/workspaces/${workspace.id}/members`)).body.items.map(
      (m: { user_id: string }) => m.user_id,
    );
  const invite = (usernameOrEmail: string, role = 'member') =>
    api(app, owner, 'POST', `/api/workspaces/${workspace.id}/invitations`, {
      username_or_email: usernameOrEmail,
      role,
    });

  it('adds nobody to a workspace without their consent, and tells nobody which addresses have accounts', async () => {
    const add = (usernameOrEmail: string) =>
      api(app, owner, 'POST', `/api/workspaces/${workspace.id}/members`, {
        username_or_email: usernameOrEmail,
        role: 'owner',
      });
    const added = await add(invitee.email);
    const unknown = await add(`nobody-${randomUUID()}@example.com`);
    expect(added.status).not.to.equal(201);
    expect(added.status, 'a known and an unknown address answer alike').to.equal(unknown.status);
    expect(await memberIds()).to.deep.equal([owner.userId]);
  });

  it('answers an invitation alike for an existing account and an unknown address', async () => {
    const known = await invite(invitee.email.toUpperCase());
    const unknown = await invite(`nobody-${randomUUID()}@example.com`);
    expect([known.status, unknown.status]).to.deep.equal([201, 201]);
    expect(Object.keys(known.body).sort()).to.deep.equal(Object.keys(unknown.body).sort());
    expect(known.body).to.include({ invitee: invitee.email, role: 'member', status: 'pending' });
    expect(unknown.body.status).to.equal('pending');
    // Nothing of the invitee's account shows: the body is what the owner typed and sent.
    expect(JSON.stringify(known.body)).not.to.include(invitee.userId);
    expect(await memberIds()).to.deep.equal([owner.userId]);
  });

  it('lets the invitee see, accept and so join with the role offered', async () => {
    const sent = await invite(invitee.username, 'admin');
    const received = await api(app, invitee, 'GET', '/api/invitations');
    expect(received.status).to.equal(200);
    const mine = received.body.items.find((i: { id: string }) => i.id === sent.body.id);
    expect(mine).to.deep.include({ role: 'admin', workspace: { id: workspace.id, name: 'Invitations' } });
    const accepted = await api(app, invitee, 'POST', `/api/invitations/${sent.body.id}/accept`);
    expect(accepted.status).to.equal(200);
    expect(accepted.body).to.include({ id: workspace.id, role: 'admin' });
    expect(await memberIds()).to.have.members([owner.userId, invitee.userId]);
    expect((await api(app, invitee, 'POST', `/api/invitations/${sent.body.id}/accept`)).status).to.equal(404);
  });

  it('hides an invitation from everyone but its invitee, the inviting owner included', async () => {
    const sent = await invite(invitee.email);
    const stranger = await signUp(app);
    for (const caller of [owner, stranger]) {
      const listed = await api(app, caller, 'GET', '/api/invitations');
      expect(listed.body.items.map((i: { id: string }) => i.id)).not.to.include(sent.body.id);
      const accept = await api(app, caller, 'POST', `/api/invitations/${sent.body.id}/accept`);
      expect(accept.status).to.equal(404);
      expect(accept.body).to.deep.equal(
        (await api(app, caller, 'POST', `/api/invitations/${randomUUID()}/accept`)).body,
      );
    }
  });

  it('ends an invitation when the invitee declines or the owner revokes it', async () => {
    await verifyEmailOf(app, invitee); // an invitation to an e-mail is its verified holder's
    const declined = await invite(invitee.email);
    expect((await api(app, invitee, 'POST', `/api/invitations/${declined.body.id}/decline`)).status).to.equal(
      204,
    );
    const revoked = await invite(invitee.username);
    const pending = await api(app, owner, 'GET', `/api/workspaces/${workspace.id}/invitations`);
    expect(pending.body.items.map((i: { id: string }) => i.id)).to.deep.equal([revoked.body.id]);
    const revoke = await api(
      app,
      owner,
      'DELETE',
      `/api/workspaces/${workspace.id}/invitations/${revoked.body.id}`,
    );
    expect(revoke.status).to.equal(204);
    for (const id of [declined.body.id, revoked.body.id]) {
      expect((await api(app, invitee, 'POST', `/api/invitations/${id}/accept`)).status).to.equal(404);
    }
    expect(
      (await api(app, owner, 'GET', `/api/workspaces/${workspace.id}/invitations`)).body.items,
    ).to.deep.equal([]);
    expect(await memberIds()).to.deep.equal([owner.userId]);
  });
});
