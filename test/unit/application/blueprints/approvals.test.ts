import { expect } from 'chai';
import type { Approval } from '../../../../src/domain/blueprints/approval.ts';
import type { Graph } from '../../../../src/domain/blueprints/graph.ts';
import { Conflict, Forbidden, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { fail } from '../../../support/fail.ts';
import { team, useCases } from '../../../support/test-container.ts';

const GATED: Graph = {
  nodes: [
    { id: 'ask', kind: 'approval', config: { title: 'Ship it?', timeout_seconds: 60 } },
    { id: 'after', kind: 'condition' },
  ],
  edges: [{ from: 'ask', to: 'after' }],
};

/** Approvals opened by `approval` steps, decided by hand, with the engine's use cases driven round by round. */
describe('approvals (use cases, in memory)', () => {
  async function setup(graph: Graph = GATED) {
    const app = await useCases({ now: new Date('2026-11-21T12:00:00Z') });
    const people = await team(app, { shared: 'Approvers' });
    const { ada, workspaceId } = people;
    const blueprint = await app.createBlueprint(ada.principal, { workspaceId, name: 'Gated', graph });
    const mission = await app.createMission(ada.principal, {
      workspaceId,
      name: 'Gated mission',
      blueprint: { id: blueprint.id },
    });
    const run = await app.startRun(ada.principal, mission.id, { input: { amount: 12 } });
    const round = async () => {
      await app.startBlueprintRuns(10);
      const taken = await app.takeDueSteps(10);
      for (const step of taken) await app.carryOutStep(step);
      return taken.map(({ step, was }) => `${step.nodeId}:${was}`);
    };
    const steps = async () => app.steps.listForRun(run.id);
    const pending = async () =>
      (await app.listApprovals(ada.principal, { workspaceId, status: 'pending' }, { limit: 10 })).items;
    return { app, ...people, run, round, steps, pending };
  }

  it('an approval step opens a pending approval and waits; approving it succeeds the step and the run goes on', async () => {
    const { app, ada, bob, run, round, steps, pending } = await setup();
    expect(await round()).to.deep.equal(['ask:pending']);
    const [approval] = await pending();
    expect(approval).to.deep.include({
      runId: run.id,
      nodeId: 'ask',
      toolCallId: null,
      title: 'Ship it?',
      status: 'pending',
      decidedBy: null,
    });
    expect(approval?.payload).to.deep.equal({ amount: 12 });
    expect((approval?.expiresAt?.getTime() ?? 0) - (approval?.createdAt.getTime() ?? 0)).to.equal(60_000);
    const [ask] = await steps();
    expect(ask).to.deep.include({ status: 'waiting', approvalId: approval?.id, dueAt: null });
    // Nothing to do while nobody decides: no busy loop.
    expect(await round()).to.deep.equal([]);

    const decided = await app.decideApproval(bob.principal, approval?.id as string, 'approved', 'fine');
    expect(decided).to.deep.include({ status: 'approved', decidedBy: bob.user.id, comment: 'fine' });
    // The condition after it is settled with the approval's result (one transaction, no round of its own).
    expect(await round()).to.deep.equal(['ask:waiting']);
    const [done] = await steps();
    expect(done?.output).to.deep.equal({ approved: true, by: bob.user.id, comment: 'fine' });
    expect((await app.runs.findById(run.id))?.status).to.equal('succeeded');
    expect(await pending()).to.deep.equal([]);
    expect((await app.getApproval(ada.principal, approval?.id as string)).decidedAt).to.be.instanceOf(Date);
  });

  it('rejecting fails the step with `rejected`, and the run with it; a decided approval is a conflict', async () => {
    const { app, ada, run, round, steps, pending } = await setup();
    await round();
    const [approval] = await pending();
    await app.decideApproval(ada.principal, approval?.id as string, 'rejected', null);
    expect(
      await fail(app.decideApproval(ada.principal, approval?.id as string, 'approved', null)),
    ).to.be.instanceOf(Conflict);
    await round();
    const [ask, after] = await steps();
    expect(ask?.status).to.equal('failed');
    expect(ask?.error?.code).to.equal('rejected');
    expect(after?.status).to.equal('cancelled');
    const failed = await app.runs.findById(run.id);
    expect(failed).to.deep.include({ status: 'failed' });
    expect(failed?.error?.code).to.equal('rejected');
  });

  it('only admins decide; members read; outsiders see nothing', async () => {
    const { app, cyd, eve, round, pending, workspaceId } = await setup();
    await round();
    const [approval] = await pending();
    const id = approval?.id as string;
    expect(await fail(app.decideApproval(cyd.principal, id, 'approved', null))).to.be.instanceOf(Forbidden);
    expect((await app.getApproval(cyd.principal, id)).status).to.equal('pending');
    expect(await fail(app.getApproval(eve.principal, id))).to.be.instanceOf(NotFound);
    expect(await fail(app.decideApproval(eve.principal, id, 'approved', null))).to.be.instanceOf(NotFound);
    expect(await fail(app.listApprovals(eve.principal, { workspaceId }, { limit: 10 }))).to.be.instanceOf(
      NotFound,
    );
  });

  it('past config.timeout_seconds the approval expires and the step fails with `approval_timeout`; deciding it then is a conflict', async () => {
    const { app, ada, run, round, steps, pending } = await setup();
    await round();
    const [approval] = await pending();
    app.clock.advance(59);
    expect(await app.expireApprovals(10)).to.equal(0);
    app.clock.advance(1);
    // Past its time, it can no longer be decided, even before the sweep marks it.
    expect(
      await fail(app.decideApproval(ada.principal, approval?.id as string, 'approved', null)),
    ).to.be.instanceOf(Conflict);
    expect(await app.expireApprovals(10)).to.equal(1);
    expect(await app.expireApprovals(10)).to.equal(0);
    expect(await round()).to.deep.equal(['ask:waiting']);
    const [ask] = await steps();
    expect(ask?.error?.code).to.equal('approval_timeout');
    expect((await app.runs.findById(run.id))?.error?.code).to.equal('approval_timeout');
    expect((await app.getApproval(ada.principal, approval?.id as string)).status).to.equal('expired');
  });

  it('cancelling the run ends its pending approvals (expired, saying why) and cancels the waiting step', async () => {
    const { app, ada, run, round, steps, pending } = await setup();
    await round();
    const [approval] = await pending();
    await app.cancelRun(ada.principal, run.id);
    const ended = await app.getApproval(ada.principal, approval?.id as string);
    expect(ended.status).to.equal('expired');
    expect(ended.comment).to.match(/run ended \(cancelled\)/);
    expect((await steps())[0]?.status).to.equal('cancelled');
    expect(await fail(app.decideApproval(ada.principal, ended.id, 'approved', null))).to.be.instanceOf(
      Conflict,
    );
    expect(await round()).to.deep.equal([]);
  });

  it("another area's approval (a tool call) is opened through openApproval and its decision reaches its own listener, not the engine", async () => {
    const { app, ada, run } = await setup({ nodes: [{ id: 'idle', kind: 'condition' }], edges: [] });
    const told: Approval[] = [];
    const listeners = [...app.approvalDecisionListeners, async (a: Approval) => void told.push(a)];
    (app.approvalDecisionListeners as unknown as unknown[]).splice(0, Infinity, ...listeners);
    const opened = await app.openApproval({
      runId: run.id,
      nodeId: 'send_email',
      toolCallId: 'call_1',
      title: 'Send the email?',
      payload: { to: 'a@example.com' },
      timeoutSeconds: null,
    });
    expect(opened).to.deep.include({ toolCallId: 'call_1', expiresAt: null, status: 'pending' });
    await app.decideApproval(ada.principal, opened.id, 'rejected', 'no');
    expect(told.map((a) => [a.id, a.status, a.comment])).to.deep.equal([[opened.id, 'rejected', 'no']]);
  });
});
