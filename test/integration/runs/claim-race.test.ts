import { expect } from 'chai';
import type { Run } from '../../../src/domain/runs/run.ts';
import { seedMission, seedRun, seedUser, WORLDS, type World } from '../../support/persistence-world.ts';
import { principal as worker } from '../../support/test-container.ts';

for (const [adapter, makeWorld] of WORLDS) {
  describe(`claim race (${adapter}): two claims never get the same run`, () => {
    let world: World;
    before(async () => {
      world = await makeWorld();
    });

    async function queue(count: number) {
      const { user, workspace } = await seedUser(world);
      const mission = await seedMission(world, workspace.id);
      const runs: Run[] = [];
      for (let i = 0; i < count; i += 50) {
        const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) =>
          // Queued before the container's fixed clock reads 12:00, so all are due.
          seedRun(world, mission, new Date(Date.UTC(2026, 10, 21, 11, 0, 0, i + j))),
        );
        runs.push(...(await Promise.all(batch)));
      }
      return { userId: user.id, workspaceId: workspace.id, runs };
    }

    it('two workers claiming one queued run at the same time: exactly one gets it, every time', async () => {
      const cases = world;
      for (let round = 0; round < 20; round++) {
        const { userId, workspaceId, runs } = await queue(1);
        const results = await Promise.all(
          ['a', 'b'].map((name) => cases.claimRun(worker(userId, `${name}-${round}`), { workspaceId })),
        );
        const winners = results.filter((run) => run !== undefined);
        expect(winners, `round ${round}`).to.have.lengthOf(1);
        expect(winners[0]?.id).to.equal(runs[0]?.id);
      }
    });

    it('1,000 queued runs, 8 concurrent workers: each run is claimed and completed exactly once', async function () {
      this.timeout(60000);
      const { userId, workspaceId, runs } = await queue(1000);
      const cases = world;
      const claimedBy = new Map<string, string[]>();
      const completions: string[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          const me = worker(userId, `race-worker-${index}`);
          for (;;) {
            const run = await cases.claimRun(me, { workspaceId, leaseSeconds: 600 });
            if (!run) return;
            claimedBy.set(run.id, [...(claimedBy.get(run.id) ?? []), me.sessionId]);
            const done = await cases.completeRun(me, run.id, {
              status: 'succeeded',
              output: { by: me.sessionId },
            });
            completions.push(done.id);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `      ${adapter}: 8 workers claimed and completed 1000 runs in ${seconds.toFixed(2)} s (${Math.round(1000 / seconds)} runs/s)`,
      );

      expect(claimedBy.size).to.equal(1000);
      expect([...claimedBy.values()].every((owners) => owners.length === 1)).to.equal(true);
      expect(completions).to.have.lengthOf(1000);
      expect(new Set(completions).size).to.equal(1000);
      expect(new Set([...claimedBy.values()].flat()).size, 'every worker got work').to.equal(8);

      const stored = await world.runs.list({ workspaceId }, { limit: 200 });
      expect(stored.items.every((run) => run.status === 'succeeded')).to.equal(true);
      for (const run of runs.slice(0, 50)) {
        const found = await world.runs.findById(run.id);
        expect(found?.status).to.equal('succeeded');
        expect(found?.output).to.deep.equal({ by: claimedBy.get(run.id)?.[0] });
      }
      const remaining = await world.runs.list({ workspaceId, status: 'succeeded' }, { limit: 1 });
      expect(remaining.next).to.not.equal(null);
      expect((await world.runs.list({ workspaceId, status: 'queued' }, { limit: 1 })).items).to.deep.equal(
        [],
      );
      expect((await world.runs.list({ workspaceId, status: 'running' }, { limit: 1 })).items).to.deep.equal(
        [],
      );
    });
  });
}
