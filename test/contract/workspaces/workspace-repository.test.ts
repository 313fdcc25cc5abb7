import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Mission } from '../../../src/domain/missions/mission.ts';
import { AlreadyMember, LastOwner } from '../../../src/domain/workspaces/member-rules.ts';
import { Membership, Workspace } from '../../../src/domain/workspaces/workspace.ts';
import { joinWorkspace } from '../../support/members.ts';
import { at, describeContract, seedUser } from '../../support/persistence-world.ts';
import { actor } from '../../support/test-container.ts';

describeContract('WorkspaceRepository', (world) => {
  it('creates a workspace with its owner, pages a user’s workspaces and answers roles', async () => {
    const { user, workspace: personal } = await seedUser(world);
    const shared = new Workspace({
      id: randomUUID(),
      name: "Ada's team",
      personal: false,
      createdAt: at(5),
    });
    await world.workspaces.create(
      shared,
      new Membership({ workspaceId: shared.id, userId: user.id, role: 'owner', createdAt: at(5) }),
    );
    expect(await world.workspaces.findById(shared.id)).to.deep.equal(shared);
    expect(await world.workspaces.findRole(shared.id, user.id)).to.equal('owner');
    expect(await world.workspaces.findRole(shared.id, randomUUID())).to.equal(undefined);
    const first = await world.workspaces.pageForUser(user.id, { limit: 1 });
    const second = await world.workspaces.pageForUser(user.id, {
      limit: 1,
      after: first.next ?? undefined,
    });
    expect([...first.items, ...second.items].map((v) => v.workspace.id)).to.deep.equal([
      personal.id,
      shared.id,
    ]);
    expect(second.next).to.equal(null);
    expect((await world.workspaces.listForUser(user.id)).map((v) => v.workspace.id)).to.deep.equal([
      personal.id,
      shared.id,
    ]);

    shared.rename('Renamed');
    await world.workspaces.update(shared);
    expect((await world.workspaces.findById(shared.id))?.name).to.equal('Renamed');
  });

  it('adds, pages, changes and removes members; a second add of the same user is AlreadyMember', async () => {
    const { workspace } = await seedUser(world);
    const { user: bob } = await seedUser(world);
    const { user: cy } = await seedUser(world);
    await world.workspaces.addMember(
      new Membership({ workspaceId: workspace.id, userId: bob.id, role: 'admin', createdAt: at(1) }),
    );
    await world.workspaces.addMember(
      new Membership({ workspaceId: workspace.id, userId: cy.id, role: 'member', createdAt: at(2) }),
    );
    const duplicate = await world.workspaces
      .addMember(
        new Membership({ workspaceId: workspace.id, userId: cy.id, role: 'admin', createdAt: at(3) }),
      )
      .catch((e: unknown) => e);
    expect(duplicate).to.be.instanceOf(AlreadyMember);

    const first = await world.workspaces.listMembers(workspace.id, { limit: 2 });
    const rest = await world.workspaces.listMembers(workspace.id, {
      limit: 2,
      after: first.next ?? undefined,
    });
    const members = [...first.items, ...rest.items];
    expect(members.slice(1).map((m) => [m.username, m.displayName, m.membership.role])).to.deep.equal([
      [bob.username, bob.displayName, 'admin'],
      [cy.username, cy.displayName, 'member'],
    ]);
    await world.workspaces.setRole(workspace.id, cy.id, 'owner');
    expect((await world.workspaces.findMember(workspace.id, cy.id))?.membership.role).to.equal('owner');
    await world.workspaces.removeMember(workspace.id, bob.id);
    expect(await world.workspaces.findMember(workspace.id, bob.id)).to.equal(undefined);
    const locked = await world.unitOfWork.transaction(() => world.workspaces.membersForChange(workspace.id));
    expect(locked.map((m) => m.role).sort()).to.deep.equal(['owner', 'owner']);
  });

  it('hands out copies: changing a nested value of what was stored or read changes nothing stored', async () => {
    const { workspace } = await seedUser(world);
    const mission = Mission.create(
      { id: randomUUID(), workspaceId: workspace.id, name: 'nested', definition: { steps: [{ n: 1 }] } },
      at(0),
    );
    await world.missions.add(mission);
    (mission.definition.steps as { n: number }[])[0]!.n = 2;
    const read = (await world.missions.findById(mission.id))!;
    expect(read.definition).to.deep.equal({ steps: [{ n: 1 }] });
    (read.definition.steps as { n: number }[]).push({ n: 3 });
    expect((await world.missions.findById(mission.id))!.definition).to.deep.equal({ steps: [{ n: 1 }] });
  });

  it('serialises member changes: two owners demoting each other at once leave one owner', async () => {
    const app = world;
    for (let round = 0; round < 5; round++) {
      const ada = await actor(app);
      const bob = await actor(app);
      const workspaceId = ada.personal.id;
      await joinWorkspace(
        app,
        ada.principal,
        workspaceId,
        { principal: bob.principal, login: bob.user.username },
        'owner',
      );
      const results = await Promise.allSettled([
        app.changeMemberRole(ada.principal, workspaceId, bob.user.id, 'member'),
        app.changeMemberRole(bob.principal, workspaceId, ada.user.id, 'member'),
      ]);
      const members = await world.workspaces.membersForChange(workspaceId);
      expect(
        members.filter((m) => m.role === 'owner'),
        `round ${round}`,
      ).to.have.lengthOf(1);
      const rejected = results.filter((r) => r.status === 'rejected');
      expect(rejected).to.have.lengthOf(1);
      const reason = (rejected[0] as PromiseRejectedResult).reason;
      // The loser either lost its own owner role first (Forbidden) or would remove the last owner.
      expect(reason instanceof LastOwner || (reason as Error).name === 'Forbidden', String(reason)).to.equal(
        true,
      );
    }
  });
});
