import { expect } from 'chai';
import type { Approval } from '../../../src/domain/blueprints/approval.ts';
import { FixedClock } from '../../support/auth-fakes.ts';
import { actor, twoInstancesOnPostgres } from '../../support/test-container.ts';

describe('approvals expired by two instances on one PostgreSQL database', () => {
  it('expires each approval past its time once, telling its owner once, however the instances race', async function () {
    this.timeout(120_000);
    // Years before the other tests' clocks: their approvals are not due at these times.
    const clock = new FixedClock(new Date('2020-06-01T12:00:00.000Z'));
    const [a, b] = await twoInstancesOnPostgres(clock);
    const owner = await actor(a);
    const mission = await a.createMission(owner.principal, { workspaceId: owner.personal.id, name: 'agent' });
    const told: Approval[] = [];
    for (const instance of [a, b]) {
      const listeners = instance.approvalDecisionListeners as unknown as ((x: Approval) => Promise<void>)[];
      listeners.push(async (approval) => void told.push(approval));
    }
    const opened: Approval[] = [];
    for (let i = 0; i < 12; i++) {
      const run = await a.startRun(owner.principal, mission.id, { input: { i } });
      opened.push(
        await (i % 2 ? a : b).openApproval({
          runId: run.id,
          nodeId: 'send',
          toolCallId: `call_${i}`,
          title: `Call ${i}?`,
          payload: { i },
          timeoutSeconds: 30 + (i % 3),
        }),
      );
    }
    clock.advance(29);
    expect(await Promise.all([a.expireApprovals(50), b.expireApprovals(50)])).to.deep.equal([0, 0]);
    clock.advance(3);
    let expired = 0;
    for (let round = 0; round < 10; round++) {
      // Each instance sweeps twice at once, as overlapping ticks would.
      const counts = await Promise.all([a, b, a, b].map((instance) => instance.expireApprovals(4)));
      expired += counts.reduce((sum, n) => sum + n, 0);
    }
    expect(expired).to.equal(12);
    expect(told.map((x) => x.id).sort()).to.deep.equal(opened.map((x) => x.id).sort());
    for (const approval of opened) {
      expect((await b.approvals.findById(approval.id))?.status).to.equal('expired');
    }
  });
});
