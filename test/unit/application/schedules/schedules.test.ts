import { expect } from 'chai';
import { Forbidden, InvalidInput, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { fail } from '../../../support/fail.ts';
import { joinWorkspace } from '../../../support/members.ts';
import { actor, useCases } from '../../../support/test-container.ts';

const at = (iso: string) => new Date(iso);

describe('schedules (use cases, in memory)', () => {
  async function setup(now = at('2026-11-21T12:00:10Z')) {
    const app = await useCases({ now });
    const ada = await actor(app, 'ada');
    const cy = await actor(app, 'cyd');
    const eve = await actor(app, 'eve');
    const workspaceId = ada.personal.id;
    await joinWorkspace(app, ada.principal, workspaceId, { principal: cy.principal, login: 'cyd' }, 'member');
    const mission = await app.createMission(ada.principal, {
      workspaceId,
      name: 'm',
      policy: { maxAttempts: 2 },
    });
    const advanceTo = (iso: string) =>
      app.clock.advance((Date.parse(iso) - app.clock.now().getTime()) / 1000);
    return { app, ada, cy, eve, workspaceId, mission, advanceTo };
  }

  it('creates, reads, lists, changes and deletes schedules, with next_fire_at always planned', async () => {
    const { app, ada, cy, workspaceId, mission } = await setup();
    const schedule = await app.createSchedule(ada.principal, {
      missionId: mission.id,
      name: ' Nightly ',
      cron: '0  3 * * *',
      input: { report: 'daily' },
    });
    expect(schedule).to.deep.include({
      name: 'Nightly',
      cron: '0 3 * * *',
      timezone: 'UTC',
      enabled: true,
      input: { report: 'daily' },
      nextFireAt: at('2026-11-22T03:00:00Z'),
      lastFireTime: null,
      workspaceId,
    });
    expect(await app.getSchedule(cy.principal, schedule.id)).to.deep.equal(schedule);
    const page = await app.listSchedules(cy.principal, workspaceId, { limit: 10 });
    expect(page.items.map((s) => s.id)).to.deep.equal([schedule.id]);

    const paris = await app.updateSchedule(ada.principal, schedule.id, {
      timezone: 'Europe/Paris',
      input: null,
    });
    expect(paris).to.deep.include({ input: null, nextFireAt: at('2026-11-22T02:00:00Z') });
    const off = await app.updateSchedule(ada.principal, schedule.id, { enabled: false });
    expect(off.nextFireAt).to.equal(null);
    await app.deleteSchedule(ada.principal, schedule.id);
    expect(await fail(app.getSchedule(ada.principal, schedule.id))).to.be.instanceOf(NotFound);
  });

  it('refuses bad cron expressions and time zones, members who manage, and outsiders', async () => {
    const { app, ada, cy, eve, workspaceId, mission } = await setup();
    for (const cron of ['* * * *', '0 0 * * * *', '@daily', '61 * * * *', '0 0 30 2 *']) {
      const refused = await fail(
        app.createSchedule(ada.principal, { missionId: mission.id, name: 'x', cron }),
      );
      expect(refused, cron).to.be.instanceOf(InvalidInput);
    }
    const badZone = { missionId: mission.id, name: 'x', cron: '0 * * * *', timezone: 'Mars/Olympus' };
    expect(await fail(app.createSchedule(ada.principal, badZone))).to.be.instanceOf(InvalidInput);
    const ok = { missionId: mission.id, name: 'x', cron: '0 * * * *' };
    expect(await fail(app.createSchedule(cy.principal, ok))).to.be.instanceOf(Forbidden);
    expect(await fail(app.createSchedule(eve.principal, ok))).to.be.instanceOf(NotFound);
    const schedule = await app.createSchedule(ada.principal, ok);
    expect(await fail(app.updateSchedule(cy.principal, schedule.id, { name: 'y' }))).to.be.instanceOf(
      Forbidden,
    );
    expect(await fail(app.deleteSchedule(cy.principal, schedule.id))).to.be.instanceOf(Forbidden);
    expect(await fail(app.getSchedule(eve.principal, schedule.id))).to.be.instanceOf(NotFound);
    expect(await fail(app.listSchedules(eve.principal, workspaceId, { limit: 5 }))).to.be.instanceOf(
      NotFound,
    );
  });

  it('queues one run per fire time with the schedule input and trigger, and catches up only the latest missed fire', async () => {
    const { app, ada, mission, advanceTo } = await setup();
    const schedule = await app.createSchedule(ada.principal, {
      missionId: mission.id,
      name: 'every 5 min',
      cron: '*/5 * * * *',
      input: { n: 1 },
    });
    expect(await app.fireDueSchedules(), 'nothing due yet').to.deep.equal([]);
    advanceTo('2026-11-21T12:05:00Z');
    const [first] = await app.fireDueSchedules();
    expect(first).to.deep.include({
      triggerType: 'schedule',
      scheduleId: schedule.id,
      fireTime: at('2026-11-21T12:05:00Z'),
      input: { n: 1 },
      status: 'queued',
    });
    expect(first?.policy.maxAttempts, "the mission's policy").to.equal(2);
    expect(await app.fireDueSchedules(), 'once per fire time').to.deep.equal([]);
    await app.cancelRun(ada.principal, first?.id ?? '');

    // No instance ran from 12:05 to 12:31: one run, for 12:30, then the plan goes on from there.
    advanceTo('2026-11-21T12:31:00Z');
    const caughtUp = await app.fireDueSchedules();
    expect(caughtUp.map((r) => r.fireTime)).to.deep.equal([at('2026-11-21T12:30:00Z')]);
    expect((await app.getSchedule(ada.principal, schedule.id)).nextFireAt).to.deep.equal(
      at('2026-11-21T12:35:00Z'),
    );
    const runs = await app.listRuns(ada.principal, { workspaceId: mission.workspaceId }, { limit: 50 });
    expect(runs.items.map((r) => r.fireTime)).to.deep.equal([
      at('2026-11-21T12:30:00Z'),
      at('2026-11-21T12:05:00Z'),
    ]);
  });

  it('stores a time zone in its canonical spelling', async () => {
    const { app, ada, mission } = await setup();
    const create = (timezone: string) =>
      app.createSchedule(ada.principal, {
        missionId: mission.id,
        name: timezone,
        cron: '0 3 * * *',
        timezone,
      });
    expect((await create('europe/paris')).timezone).to.equal('Europe/Paris');
    expect((await create('US/Eastern')).timezone).to.equal('America/New_York');
    expect((await create('Etc/UTC')).timezone).to.equal('UTC');
    expect(await fail(create('Mars/Olympus_Mons'))).to.be.instanceOf(InvalidInput);
  });

  it('does not fire while its previous run still waits in the queue, nor past the queued-runs cap', async () => {
    const { app, ada, mission, advanceTo } = await setup();
    await app.createSchedule(ada.principal, {
      missionId: mission.id,
      name: 'every minute',
      cron: '* * * * *',
    });
    advanceTo('2026-11-21T12:01:00Z');
    const [first] = await app.fireDueSchedules();
    expect(first?.status).to.equal('queued');
    for (const minute of ['02', '03', '04']) {
      advanceTo(`2026-11-21T12:${minute}:00Z`);
      expect(await app.fireDueSchedules(), `12:${minute}, the 12:01 run still queued`).to.deep.equal([]);
    }
    await app.cancelRun(ada.principal, first?.id ?? '');
    advanceTo('2026-11-21T12:05:00Z');
    expect((await app.fireDueSchedules()).map((r) => r.fireTime)).to.deep.equal([at('2026-11-21T12:05:00Z')]);
  });

  // Fires due schedules every `every` minutes from `from` to `to` minutes after `start`, around a DST change.
  for (const dst of [
    {
      title: 'fires a 02:30 New York schedule once, at 03:00, on the spring-forward day',
      start: '2026-03-08T04:00:00Z',
      cron: '30 2 * * *',
      checks: { from: 60, to: 480, every: 60 },
      fired: '2026-03-08T07:00:00Z',
    },
    {
      title: 'fires a 01:30 New York schedule once on the fall-back day, when 01:30 happens twice',
      start: '2026-11-01T04:00:00Z',
      cron: '30 1 * * *',
      checks: { from: 0, to: 240, every: 15 },
      fired: '2026-11-01T05:30:00Z',
    },
  ]) {
    it(dst.title, async () => {
      const { app, ada, mission, advanceTo } = await setup(at(dst.start));
      await app.createSchedule(ada.principal, {
        missionId: mission.id,
        name: 'night',
        cron: dst.cron,
        timezone: 'America/New_York',
      });
      const fired = [];
      for (let minutes = dst.checks.from; minutes <= dst.checks.to; minutes += dst.checks.every) {
        advanceTo(new Date(Date.parse(dst.start) + minutes * 60_000).toISOString());
        fired.push(...(await app.fireDueSchedules()));
      }
      expect(fired.map((r) => r.fireTime)).to.deep.equal([at(dst.fired)]);
    });
  }

  it("deletes a mission's schedules with it", async () => {
    const { app, ada, mission } = await setup();
    const schedule = await app.createSchedule(ada.principal, {
      missionId: mission.id,
      name: 's',
      cron: '0 * * * *',
    });
    await app.deleteMission(ada.principal, mission.id);
    expect(await fail(app.getSchedule(ada.principal, schedule.id))).to.be.instanceOf(NotFound);
  });
});
