import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { workspaceOverHttp } from '../../support/http-suite.ts';
import { verifyEmailOf } from '../../support/inbox.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

const FAMILIES: [string, Record<string, string>][] = [
  ['PostgreSQL', {}],
  ['memory', { PERSISTENCE: 'memory' }],
];

for (const [family, env] of FAMILIES) {
  describe(`an e-mail invitation is accepted only by the verified holder of that address (${family})`, () => {
    let app: TestApp;
    let owner: SignedUp;
    let workspaceId: string;
    before(async () => {
      app = await startTestApp(env);
      owner = await signUp(app);
      workspaceId = (await workspaceOverHttp(app, owner, 'Shared')).id;
    });
    after(async () => app?.close());

    const invite = async (email: string) => {
      const sent = await api(app, owner, 'POST', `/api/workspaces/${workspaceId}/invitations`, {
        username_or_email: email,
        role: 'admin',
      });
      expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
      return sent.body.id as string;
    };
    const listed = async (user: SignedUp) =>
      (await api(app, user, 'GET', '/api/invitations')).body.items.map((i: { id: string }) => i.id);
    const members = async () =>
      (await api(app, owner, 'GET', `/api/workspaces/${workspaceId}/members`)).body.items.map(
        (m: { user_id: string }) => m.user_id,
      );

    it('refuses an unverified account with the address (403 email_not_verified), even one older than the invitation', async () => {
      const holder = await signUp(app);
      const id = await invite(holder.email);
      expect(await listed(holder)).not.to.include(id);
      for (const action of ['accept', 'decline']) {
        const refused = await api(app, holder, 'POST', `/api/invitations/${id}/${action}`);
        expect(refused.status, JSON.stringify(refused.body)).to.equal(403);
        expect(refused.body).to.include({ code: 'email_not_verified' });
        expect(refused.body.detail).to.match(/verif/);
      }
      expect(await members()).to.deep.equal([owner.userId]);

      // Verified, the same account sees the invitation and joins with the role offered.
      await verifyEmailOf(app, holder);
      expect(await listed(holder)).to.include(id);
      const accepted = await api(app, holder, 'POST', `/api/invitations/${id}/accept`);
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
      expect(accepted.body).to.include({ id: workspaceId, role: 'admin' });
      expect(await members()).to.have.members([owner.userId, holder.userId]);
    });

    it('accepts a verified account registered after the invitation was made', async () => {
      const name = `late${Date.now().toString(36)}`;
      const id = await invite(`${name}@example.com`);
      const late = await signUp(app, name);
      await verifyEmailOf(app, late);
      expect(await listed(late)).to.include(id);
      expect((await api(app, late, 'POST', `/api/invitations/${id}/accept`)).status).to.equal(200);
    });

    it('refuses a verified account with another address: 404, as for an unknown invitation', async () => {
      const invited = await signUp(app);
      const id = await invite(invited.email);
      const other = await signUp(app);
      await verifyEmailOf(app, other);
      expect(await listed(other)).not.to.include(id);
      const refused = await api(app, other, 'POST', `/api/invitations/${id}/accept`);
      expect([refused.status, refused.body.code]).to.deep.equal([404, 'not_found']);
    });
  });
}
