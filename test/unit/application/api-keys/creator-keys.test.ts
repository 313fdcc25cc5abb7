import { expect } from 'chai';
import { InvalidToken } from '../../../../src/domain/identity/auth-errors.ts';
import { fail } from '../../../support/fail.ts';
import { joinWorkspace } from '../../../support/members.ts';
import { actor, useCases } from '../../../support/test-container.ts';

describe('API keys do not outlive their creator’s access', () => {
  async function setup() {
    const app = await useCases();
    const [ada, bob] = [await actor(app, 'ada'), await actor(app, 'bob')];
    const workspaceId = ada.personal.id;
    await joinWorkspace(app, ada.principal, workspaceId, { principal: bob.principal, login: 'bob' }, 'admin');
    const create = async (role: 'admin' | 'member') =>
      (await app.createApiKey(bob.principal, workspaceId, { name: role, role, expiresAt: null }, 'ip')).key;
    const works = async (key: string) =>
      app.authenticateApiKey(key).then(
        () => true,
        () => false,
      );
    const revocations = () =>
      app.auditLog.events.filter((e) => e.type === 'api_key_revoked').map((e) => e.details?.reason);
    return { app, ada, bob, workspaceId, create, works, revocations };
  }

  it('revokes the admin keys of a creator demoted to member, and every key of one removed', async () => {
    const { app, ada, bob, workspaceId, create, works, revocations } = await setup();
    const adminKey = await create('admin');
    const memberKey = await create('member');
    await app.changeMemberRole(ada.principal, workspaceId, bob.user.id, 'member');
    expect(await works(adminKey), 'admin key of a member').to.equal(false);
    expect(await works(memberKey), 'member key of a member').to.equal(true);
    expect(revocations()).to.deep.equal(['creator_demoted']);
    expect(await fail(app.authenticateApiKey(adminKey))).to.be.instanceOf(InvalidToken);

    await app.removeMember(ada.principal, workspaceId, bob.user.id);
    expect(await works(memberKey), 'key of someone removed').to.equal(false);
    expect(revocations()).to.deep.equal(['creator_demoted', 'creator_removed']);
  });

  it("revokes a disabled user's keys in every workspace; other people's keys stay", async () => {
    const { app, ada, workspaceId, create, works, revocations } = await setup();
    const bobs = await create('admin');
    const adas = (
      await app.createApiKey(ada.principal, workspaceId, { name: 'a', role: 'admin', expiresAt: null }, 'ip')
    ).key;
    await app.disableUser('bob');
    expect(await works(bobs)).to.equal(false);
    expect(await works(adas)).to.equal(true);
    expect(revocations()).to.deep.equal(['creator_disabled']);
  });
});
