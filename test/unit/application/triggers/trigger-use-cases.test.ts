import { expect } from 'chai';
import { DomainError } from '../../../../src/domain/kernel/errors.ts';
import { type Principal, userPrincipal } from '../../../../src/domain/kernel/principal.ts';
import { Membership } from '../../../../src/domain/workspaces/workspace.ts';
import { seedMission, seedUser, T0 } from '../../../support/persistence-world.ts';
import { triggerUseCases } from '../../../support/webhook-doubles.ts';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'ok';
}

describe('trigger use cases (in-memory adapters)', () => {
  async function setUp() {
    const uc = await triggerUseCases();
    const world = uc;
    const owner = await seedUser(world);
    const outsider = await seedUser(world);
    const member = await seedUser(world);
    await world.workspaces.addMember(
      new Membership({
        workspaceId: owner.workspace.id,
        userId: member.user.id,
        role: 'member',
        createdAt: T0,
      }),
    );
    const mission = await seedMission(world, owner.workspace.id);
    const as = (user: { user: { id: string } }): Principal => userPrincipal(user.user.id, 's');
    return {
      world,
      uc,
      owner: as(owner),
      outsider: as(outsider),
      member: as(member),
      mission,
      workspaceId: owner.workspace.id,
      outsiderWorkspaceId: outsider.workspace.id,
    };
  }

  it('creates a trigger with a random 128-bit path and a whsec_ secret', async () => {
    const { uc, owner, mission } = await setUp();
    const trigger = await uc.createTrigger(owner, { missionId: mission.id, name: 'hook' });
    expect(trigger.webhookPath).to.match(/^[A-Za-z0-9_-]{22}$/);
    expect(trigger.signingSecret).to.match(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it('makes a custom path its readable prefix, the server adding 128 random bits: it reveals no other path', async () => {
    const { world, uc, owner, outsider, outsiderWorkspaceId, mission } = await setUp();
    const create = (principal: Principal, missionId: string) =>
      uc.createTrigger(principal, { missionId, name: 'gh', webhookPath: 'github-push' });
    const first = await create(owner, mission.id);
    expect(first.webhookPath).to.match(/^github-push-[A-Za-z0-9_-]{22}$/);
    // The same prefix again, after its trigger is deleted, and in another tenant's workspace: never a conflict.
    const again = await create(owner, mission.id);
    await uc.deleteTrigger(owner, first.id);
    const afterDelete = await create(owner, mission.id);
    const theirs = await seedMission(world, outsiderWorkspaceId);
    const elsewhere = await create(outsider, theirs.id);
    const paths = [first, again, afterDelete, elsewhere].map((t) => t.webhookPath);
    expect(new Set(paths).size).to.equal(4);
    for (const path of paths) expect(path.startsWith('github-push-')).to.equal(true);
  });

  it('answers 404 to another workspace for every trigger and delivery operation', async () => {
    const { uc, owner, outsider, mission, workspaceId } = await setUp();
    const trigger = await uc.createTrigger(owner, { missionId: mission.id, name: 'hook' });
    const page = { limit: 10 };
    const attempts = [
      uc.createTrigger(outsider, { missionId: mission.id, name: 'mine now' }),
      uc.getTrigger(outsider, trigger.id),
      uc.updateTrigger(outsider, trigger.id, { enabled: false }),
      uc.deleteTrigger(outsider, trigger.id),
      uc.rotateTriggerSecret(outsider, trigger.id),
      uc.revokePreviousTriggerSecret(outsider, trigger.id),
      uc.listTriggers(outsider, { workspaceId }, page),
      uc.listDeliveries(outsider, trigger.id, {}, page),
    ];
    for (const attempt of attempts) expect(await codeOf(attempt)).to.equal('not_found');
    expect((await uc.getTrigger(owner, trigger.id)).enabled).to.equal(true);
  });

  it('lets members read but not manage', async () => {
    const { uc, owner, member, mission, workspaceId } = await setUp();
    const trigger = await uc.createTrigger(owner, { missionId: mission.id, name: 'hook' });
    expect((await uc.getTrigger(member, trigger.id)).id).to.equal(trigger.id);
    expect((await uc.listTriggers(member, { workspaceId }, { limit: 10 })).items).to.have.lengthOf(1);
    for (const attempt of [
      uc.createTrigger(member, { missionId: mission.id, name: 'x' }),
      uc.updateTrigger(member, trigger.id, { name: 'x' }),
      uc.rotateTriggerSecret(member, trigger.id),
      uc.revokePreviousTriggerSecret(member, trigger.id),
      uc.deleteTrigger(member, trigger.id),
    ]) {
      expect(await codeOf(attempt)).to.equal('forbidden');
    }
  });

  it('refuses the second of two concurrent rotations instead of losing a secret', async () => {
    const { uc, owner, mission } = await setUp();
    const trigger = await uc.createTrigger(owner, { missionId: mission.id, name: 'hook' });
    const results = await Promise.all([
      codeOf(uc.rotateTriggerSecret(owner, trigger.id)),
      codeOf(uc.rotateTriggerSecret(owner, trigger.id)),
    ]);
    expect(results).to.have.members(['ok', 'conflict']);
  });

  it('lists a workspace’s triggers oldest first, one mission’s when asked, page by page', async () => {
    const { uc, owner, mission, workspaceId, world } = await setUp();
    const other = await seedMission(world, workspaceId);
    const a = await uc.createTrigger(owner, { missionId: mission.id, name: 'a' });
    uc.clock.advance(1);
    const b = await uc.createTrigger(owner, { missionId: other.id, name: 'b' });
    uc.clock.advance(1);
    const c = await uc.createTrigger(owner, { missionId: mission.id, name: 'c' });
    const first = await uc.listTriggers(owner, { workspaceId }, { limit: 2 });
    expect(first.items.map((t) => t.id)).to.deep.equal([a.id, b.id]);
    const second = await uc.listTriggers(
      owner,
      { workspaceId },
      { limit: 2, after: first.next ?? undefined },
    );
    expect(second.items.map((t) => t.id)).to.deep.equal([c.id]);
    const ofMission = await uc.listTriggers(owner, { workspaceId, missionId: mission.id }, { limit: 10 });
    expect(ofMission.items.map((t) => t.id)).to.deep.equal([a.id, c.id]);
  });
});
