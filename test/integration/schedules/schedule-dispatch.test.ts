import { expect } from 'chai';
import { FixedClock } from '../../support/auth-fakes.ts';
import { actor, type TestCradle, testContainer } from '../../support/test-container.ts';

describe('schedules fired by two instances on one PostgreSQL database', () => {
  it('queues exactly one run per fire time, however the two race', async function () {
    this.timeout(120_000);
    const clock = new FixedClock(new Date('2026-11-21T12:00:00.000Z'));
    const instances: TestCradle[] = [];
    for (let i = 0; i < 2; i++) {
      instances.push((await testContainer({ persistence: 'postgres', doubles: { clock } })).cradle);
    }
    const [a, b] = instances as [TestCradle, TestCradle];
    const owner = await actor(a);
    const workspaceId = owner.personal.id;
    const mission = await a.createMission(owner.principal, { workspaceId, name: 'scheduled' });
    const schedules = [];
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
      // Each instance fires twice at once, as two ticks would overlap: four transactions per minute.
      const fired = await Promise.all(
        [a, b, a, b].map((instance) => instance.fireDueSchedules({ limit: 3 })),
      );
      queued += fired.flat().filter((run) => run.missionId === mission.id).length;
      // A small batch leaves due schedules behind: the next minute's ticks catch them up.
    }
    await Promise.all([a.fireDueSchedules(), b.fireDueSchedules()]);
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
    for (const schedule of schedules) {
      const times = runs
        .filter((run) => run.scheduleId === schedule.id)
        .map((run) => run.fireTime?.getTime());
      // Due every 5 minutes from 12:05 to 13:00; ticks that fell behind caught up with the latest fire only.
      expect(times.length, schedule.name).to.be.within(1, 12);
      expect(Math.max(...(times as number[]))).to.equal(Date.parse('2026-11-21T13:00:00Z'));
    }
  });
});
