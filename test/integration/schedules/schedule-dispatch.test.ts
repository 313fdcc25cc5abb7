import { expect } from 'chai';
import { FixedClock } from '../../support/auth-fakes.ts';
import { actor, twoInstancesOnPostgres } from '../../support/test-container.ts';

describe('schedules fired by two instances on one PostgreSQL database', () => {
  it('queues exactly one run per fire time, however the two race', async function () {
    this.timeout(120_000);
    // Years before the other tests' clocks: their schedules (on this same database) are not due at these times.
    const clock = new FixedClock(new Date('2020-11-21T12:00:00.000Z'));
    const [a, b] = await twoInstancesOnPostgres(clock);
    const owner = await actor(a);
    const workspaceId = owner.personal.id;
    const mission = await a.createMission(owner.principal, { workspaceId, name: 'scheduled' });
    const schedules = [];
    try {
      for (let i = 0; i < 10; i++) {
        schedules.push(
          await (i % 2 ? a : b).createSchedule(owner.principal, {
            missionId: mission.id,
            name: `s${i}`,
            cron: '*/5 * * * *',
            input: { i },
          }),
        );
      }
      let queued = 0;
      for (let minute = 1; minute <= 60; minute++) {
        clock.advance(60);
        // Each instance fires twice at once, as overlapping ticks would: four transactions of at most 3
        // schedules race for the 10 due ones (each skips what another locked, so all 10 are fired).
        const fired = await Promise.all(
          [a, b, a, b].map((instance) => instance.fireDueSchedules({ limit: 3 })),
        );
        queued += fired.flat().filter((run) => run.missionId === mission.id).length;
        // A schedule does not fire while its last run still waits: these are taken off the queue at once.
        for (const run of fired.flat()) await a.cancelRun(owner.principal, run.id);
      }
      expect((await Promise.all([a.fireDueSchedules(), b.fireDueSchedules()])).flat()).to.deep.equal([]);
      const runs = [];
      let cursor: { createdAt: Date; id: string } | undefined;
      do {
        const page = await a.listRuns(owner.principal, { workspaceId }, { limit: 200, after: cursor });
        runs.push(...page.items);
        cursor = page.next ?? undefined;
      } while (cursor);
      expect(runs.every((run) => run.triggerType === 'schedule')).to.equal(true);
      const keys = runs.map((run) => `${run.scheduleId} ${run.fireTime?.toISOString()}`);
      expect(new Set(keys).size, 'one run per schedule and fire time').to.equal(keys.length);
      expect(queued, 'every queued run was reported once').to.equal(runs.length);
      const every5Minutes = Array.from(
        { length: 12 },
        (_, i) => Date.parse('2020-11-21T12:05:00Z') + i * 300_000,
      );
      for (const schedule of schedules) {
        const times = runs
          .filter((run) => run.scheduleId === schedule.id)
          .map((run) => run.fireTime?.getTime());
        expect(times.sort(), schedule.name).to.deep.equal(every5Minutes);
      }
    } finally {
      // Due for ever in real time: the servers of later tests on this database must not fire them.
      for (const schedule of schedules) await a.deleteSchedule(owner.principal, schedule.id);
    }
  });
});
