import { expect } from 'chai';
import { Conflict, Forbidden, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { LastOwner } from '../../../../src/domain/workspaces/member-rules.ts';
import { fail } from '../../../support/fail.ts';
import { team, useCases } from '../../../support/test-container.ts';

describe('workspace and member use cases', () => {
  async function setup() {
    const app = await useCases();
    const { ada, bob, cyd: cy, eve, workspaceId } = await team(app, { shared: '  Platform team ' });
    return { app, ada, bob, cy, eve, workspaceId };
  }

  it('creates a shared workspace owned by its creator and lists it after the personal one', async () => {
    const { app, ada, workspaceId } = await setup();
    const first = await app.listWorkspaces(ada.principal, { limit: 1 });
    expect(first.items.map((v) => [v.workspace.personal, v.role])).to.deep.equal([[true, 'owner']]);
    const second = await app.listWorkspaces(ada.principal, { limit: 1, after: first.next ?? undefined });
    expect(second.items.map((v) => [v.workspace.id, v.workspace.name, v.role])).to.deep.equal([
      [workspaceId, 'Platform team', 'owner'],
    ]);
    expect(second.next).to.equal(null);
  });

  it('shows a workspace to its members only; outsiders get NotFound, never Forbidden', async () => {
    const { app, cy, eve, workspaceId } = await setup();
    expect((await app.getWorkspace(cy.principal, workspaceId)).role).to.equal('member');
    expect(await fail(app.getWorkspace(eve.principal, workspaceId))).to.be.instanceOf(NotFound);
    expect(await fail(app.listMembers(eve.principal, workspaceId, { limit: 50 }))).to.be.instanceOf(NotFound);
  });

  it('lets only owners rename and delete; personal workspaces are never deleted', async () => {
    const { app, ada, bob, workspaceId } = await setup();
    expect(await fail(app.renameWorkspace(bob.principal, workspaceId, { name: 'x' }))).to.be.instanceOf(
      Forbidden,
    );
    expect((await app.renameWorkspace(ada.principal, workspaceId, { name: 'Core' })).workspace.name).to.equal(
      'Core',
    );
    expect(await fail(app.deleteWorkspace(bob.principal, workspaceId))).to.be.instanceOf(Forbidden);
    expect(await fail(app.deleteWorkspace(ada.principal, ada.personal.id))).to.be.instanceOf(Conflict);
    await app.deleteWorkspace(ada.principal, workspaceId);
    expect(await fail(app.getWorkspace(ada.principal, workspaceId))).to.be.instanceOf(NotFound);
  });

  it('lists members in join order with their names and roles', async () => {
    const { app, cy, workspaceId } = await setup();
    const page = await app.listMembers(cy.principal, workspaceId, { limit: 2 });
    expect(page.items.map((m) => [m.username, m.displayName, m.membership.role])).to.deep.equal([
      ['ada', 'ADA', 'owner'],
      ['bob', 'BOB', 'admin'],
    ]);
    const rest = await app.listMembers(cy.principal, workspaceId, {
      limit: 2,
      after: page.next ?? undefined,
    });
    expect(rest.items.map((m) => m.username)).to.deep.equal(['cyd']);
  });

  it('always keeps an owner: the last one can neither step down nor leave, until another owner exists', async () => {
    const { app, ada, bob, workspaceId } = await setup();
    expect(
      await fail(app.changeMemberRole(ada.principal, workspaceId, ada.user.id, 'admin')),
    ).to.be.instanceOf(LastOwner);
    expect(await fail(app.removeMember(ada.principal, workspaceId, ada.user.id))).to.be.instanceOf(LastOwner);
    expect(
      await fail(app.changeMemberRole(bob.principal, workspaceId, bob.user.id, 'owner')),
    ).to.be.instanceOf(Forbidden);
    await app.changeMemberRole(ada.principal, workspaceId, bob.user.id, 'owner');
    const demoted = await app.changeMemberRole(ada.principal, workspaceId, ada.user.id, 'member');
    expect(demoted.membership.role).to.equal('member');
    expect(
      await fail(app.changeMemberRole(bob.principal, workspaceId, bob.user.id, 'admin')),
    ).to.be.instanceOf(LastOwner);
  });

  it('lets members leave, owners remove anyone, and nobody else remove others', async () => {
    const { app, ada, bob, cy, eve, workspaceId } = await setup();
    expect(await fail(app.removeMember(bob.principal, workspaceId, cy.user.id))).to.be.instanceOf(Forbidden);
    expect(await fail(app.removeMember(eve.principal, workspaceId, cy.user.id))).to.be.instanceOf(NotFound);
    expect(await fail(app.removeMember(ada.principal, workspaceId, eve.user.id))).to.be.instanceOf(NotFound);
    await app.removeMember(cy.principal, workspaceId, cy.user.id);
    await app.removeMember(ada.principal, workspaceId, bob.user.id);
    const left = await app.listMembers(ada.principal, workspaceId, { limit: 50 });
    expect(left.items.map((m) => m.username)).to.deep.equal(['ada']);
    expect(await fail(app.getWorkspace(cy.principal, workspaceId))).to.be.instanceOf(NotFound);
  });
});
