import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { CronerCronCalendar } from '../../../src/adapters/schedules/croner-cron-calendar.ts';
import { Run } from '../../../src/domain/runs/run.ts';
import { Schedule } from '../../../src/domain/schedules/schedule.ts';
import { at, describeContract, seedMission, seedUser, T0 } from '../../support/persistence-world.ts';

const calendar = new CronerCronCalendar();
const fireTimesOf = (cron: string, timezone: string) => calendar.fireTimes(cron, timezone);

describeContract('ScheduleRepository', (world) => {
  const created: string[] = [];
  // Due for ever in real time (created at T0): servers of later tests on this database must not fire them.
  afterEach(async () => {
    for (const id of created.splice(0)) await world.schedules.delete(id);
  });

  async function seedSchedule(cron = '*/5 * * * *', createdAt = T0) {
    const { workspace } = await seedUser(world);
    const mission = await seedMission(world, workspace.id);
    const schedule = Schedule.create(
      {
        id: randomUUID(),
        workspaceId: workspace.id,
        missionId: mission.id,
        name: 's',
        cron,
        input: { a: [1] },
      },
      createdAt,
      fireTimesOf,
    );
    await world.schedules.add(schedule);
    created.push(schedule.id);
    return { schedule, mission };
  }

  it('stores a schedule and reads it back field for field; pages a workspace newest first', async () => {
    const { schedule } = await seedSchedule();
    expect(await world.schedules.findById(schedule.id)).to.deep.equal(schedule);
    const later = Schedule.create({ ...schedule, id: randomUUID(), name: 'later' }, at(1), fireTimesOf);
    await world.schedules.add(later);
    created.push(later.id);
    const first = await world.schedules.listForWorkspace(schedule.workspaceId, { limit: 1 });
    const second = await world.schedules.listForWorkspace(schedule.workspaceId, {
      limit: 1,
      after: first.next ?? undefined,
    });
    expect([...first.items, ...second.items].map((s) => s.id)).to.deep.equal([later.id, schedule.id]);
    expect(second.next).to.equal(null);
    expect(await world.schedules.findById(randomUUID())).to.equal(undefined);
  });

  it('changes under a lock, storing nothing when the change throws; deletes', async () => {
    const { schedule } = await seedSchedule();
    const changed = await world.schedules.update(schedule.id, (s) =>
      s.update({ cron: '0 * * * *', enabled: false }, at(5), fireTimesOf),
    );
    expect(await world.schedules.findById(schedule.id)).to.deep.equal(changed);
    expect(changed).to.deep.include({ cron: '0 * * * *', enabled: false, nextFireAt: null });
    const refused = await world.schedules
      .update(schedule.id, (s) => s.update({ cron: 'nope' }, at(6), fireTimesOf))
      .catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(Error);
    expect(await world.schedules.findById(schedule.id)).to.deep.equal(changed);
    await world.schedules.delete(schedule.id);
    expect(await world.schedules.findById(schedule.id)).to.equal(undefined);
  });

  it('hands out due enabled schedules soonest first, and stores their fire bookkeeping', async () => {
    const { schedule: soon } = await seedSchedule('*/5 * * * *');
    const { schedule: later } = await seedSchedule('*/10 * * * *');
    const { schedule: off } = await seedSchedule('*/5 * * * *');
    await world.schedules.update(off.id, (s) => s.update({ enabled: false }, T0, fireTimesOf));
    const now = at(10 * 60);
    const due = (await world.unitOfWork.transaction(() => world.schedules.lockDue(now, 10))).filter((s) =>
      [soon.id, later.id, off.id].includes(s.id),
    );
    expect(due.map((s) => s.id)).to.deep.equal([soon.id, later.id]);
    const fired = due[0] as Schedule;
    fired.fire(now, calendar.fireTimes(fired.cron, fired.timezone));
    await world.schedules.recordFire(fired);
    expect(await world.schedules.findById(fired.id)).to.deep.include({
      lastFireTime: now,
      nextFireAt: at(15 * 60),
    });
  });

  it('stores one run per schedule and fire time: a second one is refused, whoever adds it', async () => {
    const { schedule, mission } = await seedSchedule();
    const scheduled = (fireTime: Date) =>
      Run.queue({
        id: randomUUID(),
        missionId: mission.id,
        workspaceId: mission.workspaceId,
        triggerType: 'schedule',
        scheduleId: schedule.id,
        fireTime,
        now: fireTime,
      });
    const first = scheduled(at(300));
    expect(await world.runs.add(first)).to.equal(true);
    expect(await world.runs.add(scheduled(at(300)))).to.equal(false);
    expect(await world.runs.add(scheduled(at(600)))).to.equal(true);
    expect(await world.runs.findById(first.id)).to.deep.include({
      scheduleId: schedule.id,
      fireTime: at(300),
    });
  });
});
