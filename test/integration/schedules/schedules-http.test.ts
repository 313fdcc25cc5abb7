import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteMission, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { testDatabase } from '../../support/test-database.ts';

describe('schedules over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const owner = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Cron');
  const mission = suiteMission(app, owner, workspace, 'nightly');

  const create = (body: object) =>
    api(app, owner, 'POST', '/api/schedules', { mission_id: mission.id, ...body });

  it('creates, reads, lists, patches and deletes a schedule; every answer shows next_fire_at', async () => {
    const created = await create({
      name: 'Reports',
      cron: '30 2 * * *',
      timezone: 'Europe/Paris',
      input: { a: 1 },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.headers.get('location')).to.equal(`/api/schedules/${created.body.id}`);
    expect(created.body).to.deep.include({
      workspace_id: workspace.id,
      mission_id: mission.id,
      name: 'Reports',
      cron: '30 2 * * *',
      timezone: 'Europe/Paris',
      input: { a: 1 },
      enabled: true,
      last_fire_time: null,
    });
    const next = new Date(created.body.next_fire_at);
    expect(next.getTime()).to.be.greaterThan(Date.now());
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', timeStyle: 'short' }).format(next),
    ).to.equal('02:30');
    const read = await api(app, owner, 'GET', `/api/schedules/${created.body.id}`);
    expect(read.body).to.deep.equal(created.body);
    const list = await api(app, owner, 'GET', `/api/schedules?workspace_id=${workspace.id}`);
    expect(list.body.items.map((s: { id: string }) => s.id)).to.include(created.body.id);

    const off = await api(app, owner, 'PATCH', `/api/schedules/${created.body.id}`, {
      enabled: false,
      input: null,
    });
    expect(off.body).to.deep.include({ enabled: false, next_fire_at: null, input: null });
    const on = await api(app, owner, 'PATCH', `/api/schedules/${created.body.id}`, { enabled: true });
    expect(on.body.next_fire_at).to.equal(created.body.next_fire_at);
    expect((await api(app, owner, 'DELETE', `/api/schedules/${created.body.id}`)).status).to.equal(204);
    expect((await api(app, owner, 'GET', `/api/schedules/${created.body.id}`)).status).to.equal(404);
  });

  it('stores a time zone in its canonical spelling, on creation and on change', async () => {
    const created = await create({ name: 'Zoned', cron: '0 3 * * *', timezone: 'us/eastern' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.timezone).to.equal('America/New_York');
    const path = `/api/schedules/${created.body.id}`;
    expect((await api(app, owner, 'GET', path)).body.timezone).to.equal('America/New_York');
    const patched = await api(app, owner, 'PATCH', path, { timezone: 'etc/utc' });
    expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
    expect((await api(app, owner, 'GET', path)).body.timezone).to.equal('UTC');
  });

  it('refuses bad schedules with 400 validation_failed', async () => {
    for (const body of [
      { name: 'x', cron: '* * * *' },
      { name: 'x', cron: '0 0 * * * *' },
      { name: 'x', cron: '@daily' },
      { name: 'x', cron: '99 * * * *' },
      { name: 'x', cron: '0 * * * *', timezone: 'Mars/Olympus' },
      { name: 'x', cron: '0 * * * *', every: 'day' },
      { name: ' ', cron: '0 * * * *' },
    ]) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.code).to.equal('validation_failed');
    }
  });

  it("queues the schedule's run with trigger.type schedule; missed fires catch up once, for the latest", async () => {
    const schedule = (await create({ name: 'every minute', cron: '* * * * *', input: { report: 'x' } })).body;
    // As if no instance had run for ten minutes.
    const { db } = await testDatabase();
    await db.query("update schedules set next_fire_at = now() - interval '10 minutes' where id = $1", [
      schedule.id,
    ]);
    expect(await app.container.cradle.scheduleDispatcher.tick()).to.be.at.least(1);
    const runs = await api(
      app,
      owner,
      'GET',
      `/api/runs?workspace_id=${workspace.id}&mission_id=${mission.id}`,
    );
    const ofSchedule = runs.body.items.filter(
      (r: { trigger: { schedule_id: string } }) => r.trigger.schedule_id === schedule.id,
    );
    expect(ofSchedule).to.have.lengthOf(1);
    const run = (await api(app, owner, 'GET', `/api/runs/${ofSchedule[0].id}`)).body;
    const fireTime = Date.parse(run.trigger.fire_time);
    expect(run.trigger).to.deep.include({
      type: 'schedule',
      schedule_id: schedule.id,
      trigger_id: null,
      delivery_id: null,
    });
    expect(fireTime % 60_000).to.equal(0);
    expect(Date.now() - fireTime).to.be.within(0, 60_000);
    expect(run.input).to.deep.equal({ report: 'x' });
    const after = (await api(app, owner, 'GET', `/api/schedules/${schedule.id}`)).body;
    expect(after.last_fire_time).to.equal(run.trigger.fire_time);
    expect(Date.parse(after.next_fire_at)).to.equal(fireTime + 60_000);
    // Due every minute: servers of later tests on this database must not fire it.
    expect((await api(app, owner, 'DELETE', `/api/schedules/${schedule.id}`)).status).to.equal(204);
  });
});
