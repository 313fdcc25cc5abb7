import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Approval, ApprovalNotPending } from '../../../src/domain/blueprints/approval.ts';
import { fail } from '../../support/fail.ts';
import { at, describeContract, seedMission, seedRun, seedUser } from '../../support/persistence-world.ts';

describeContract('ApprovalRepository', (world) => {
  async function seed(count = 1, timeoutSeconds: number | null = 60) {
    const { workspace } = await seedUser(world);
    const mission = await seedMission(world, workspace.id);
    const run = await seedRun(world, mission);
    const approvals: Approval[] = [];
    for (let i = 0; i < count; i++) {
      const approval = Approval.open({
        id: randomUUID(),
        workspaceId: workspace.id,
        runId: run.id,
        nodeId: i % 2 ? null : `node_${i}`,
        toolCallId: i % 2 ? `call_${i}` : null,
        title: `Approve ${i}?`,
        payload: { i, nested: { list: [1, 'two'] } },
        timeoutSeconds: timeoutSeconds === null ? null : timeoutSeconds + i,
        now: at(i),
      });
      await world.approvals.add(approval);
      approvals.push(approval);
    }
    return { workspaceId: workspace.id, runId: run.id, approvals };
  }

  it('stores an approval and reads it back field for field', async () => {
    const { approvals } = await seed(2);
    for (const approval of approvals)
      expect(await world.approvals.findById(approval.id)).to.deep.equal(approval);
    expect(await world.approvals.findById(randomUUID())).to.equal(undefined);
  });

  it('pages a workspace newest first, of one status when asked', async () => {
    const { workspaceId, approvals } = await seed(3);
    const first = await world.approvals.list({ workspaceId }, { limit: 2 });
    expect(first.items.map((a) => a.id)).to.deep.equal([approvals[2]?.id, approvals[1]?.id]);
    const rest = await world.approvals.list({ workspaceId }, { limit: 2, after: first.next ?? undefined });
    expect(rest.items.map((a) => a.id)).to.deep.equal([approvals[0]?.id]);
    expect(rest.next).to.equal(null);
    await world.approvals.update(approvals[1]?.id as string, (a) => a.decide('approved', 'u', 'ok', at(5)));
    const approved = await world.approvals.list({ workspaceId, status: 'approved' }, { limit: 10 });
    expect(approved.items.map((a) => [a.id, a.decidedBy, a.comment])).to.deep.equal([
      [approvals[1]?.id, 'u', 'ok'],
    ]);
    expect(
      (await world.approvals.list({ workspaceId, status: 'pending' }, { limit: 10 })).items,
    ).to.have.length(2);
  });

  it('stores nothing when the change refuses (a decided approval is not decided again)', async () => {
    const { approvals } = await seed();
    const id = approvals[0]?.id as string;
    await world.approvals.update(id, (a) => a.decide('rejected', 'u', null, at(1)));
    const refused = await fail(world.approvals.update(id, (a) => a.decide('approved', 'v', 'x', at(2))));
    expect(refused).to.be.instanceOf(ApprovalNotPending);
    expect(await world.approvals.findById(id)).to.deep.include({ status: 'rejected', decidedBy: 'u' });
    expect(await world.approvals.update(randomUUID(), () => {})).to.equal(undefined);
  });

  it("finds pending approvals past their time, earliest first, and ends a run's pending ones", async () => {
    const { runId, approvals } = await seed(3, 10);
    // Due at T0+10, T0+12, T0+14 (opened a second apart, each a second longer).
    const due = async (seconds: number) =>
      (await world.approvals.pastExpiry(at(seconds), 1000)).filter((a) => a.runId === runId).map((a) => a.id);
    expect(await due(9)).to.deep.equal([]);
    expect(await due(12)).to.deep.equal([approvals[0]?.id, approvals[1]?.id]);
    await world.approvals.update(approvals[0]?.id as string, (a) => a.expire(at(12)));
    expect(await due(20)).to.deep.equal([approvals[1]?.id, approvals[2]?.id]);
    const ended = await world.approvals.endPendingOfRun(runId, (a) => a.expire(at(20), 'the run ended'));
    expect(ended.map((a) => a.id).sort()).to.deep.equal([approvals[1]?.id, approvals[2]?.id].sort());
    expect(await world.approvals.findById(approvals[2]?.id as string)).to.deep.include({
      status: 'expired',
      comment: 'the run ended',
      decidedAt: at(20),
    });
    expect(await due(20)).to.deep.equal([]);
    expect(await world.approvals.endPendingOfRun(runId, () => {})).to.deep.equal([]);
  });
});
