import { expect } from 'chai';
import { fail } from '../../../support/fail.ts';
import { actor, useCases } from '../../../support/test-container.ts';

/** Issue 26: mission and schedule changes are audited in the transaction of the change. */
describe('mission and schedule audit events (use cases, in memory)', () => {
  async function setup() {
    const app = await useCases();
    const ada = await actor(app, 'ada');
    const workspaceId = ada.personal.id;
    const mission = await app.createMission(ada.principal, {
      workspaceId,
      name: 'm',
      definition: { key: 's3cret' },
    });
    const schedule = await app.createSchedule(ada.principal, {
      missionId: mission.id,
      name: 'nightly',
      cron: '0 3 * * *',
      input: { key: 's3cret' },
    });
    /** From now on every audit record fails, as a database refusing the insert would. */
    const breakTheLog = () => {
      app.auditLog.record = async () => {
        throw new Error('the audit log refused the event');
      };
    };
    return { app, ada, workspaceId, mission, schedule, breakTheLog };
  }

  it('records each change with its target and the names of the fields given, never an input', async () => {
    const { app, ada, mission, schedule } = await setup();
    await app.updateMission(ada.principal, mission.id, { name: 'n', definition: { key: 'other s3cret' } });
    await app.updateSchedule(ada.principal, schedule.id, { input: { key: 'more s3cret' }, enabled: false });
    await app.deleteSchedule(ada.principal, schedule.id);
    await app.deleteMission(ada.principal, mission.id);
    const events = app.auditLog.events
      .filter((e) => /^(mission|schedule)_/.test(e.type))
      .map((e) => [e.type, e.target?.id, e.details]);
    expect(events).to.deep.equal([
      ['mission_created', mission.id, {}],
      ['schedule_created', schedule.id, { mission_id: mission.id }],
      ['mission_updated', mission.id, { fields: 'definition,name' }],
      ['schedule_updated', schedule.id, { fields: 'enabled,input' }],
      ['schedule_deleted', schedule.id, {}],
      ['mission_deleted', mission.id, {}],
    ]);
    expect(JSON.stringify(app.auditLog.events)).to.not.include('s3cret');
  });

  it('changes nothing when its event cannot be recorded', async () => {
    const { app, ada, workspaceId, mission, schedule, breakTheLog } = await setup();
    breakTheLog();
    expect(await fail(app.createMission(ada.principal, { workspaceId, name: 'lost' }))).to.be.an('error');
    expect((await app.missions.listForWorkspace(workspaceId, { limit: 10 })).items).to.have.lengthOf(1);
    expect(await fail(app.updateMission(ada.principal, mission.id, { name: 'renamed' }))).to.be.an('error');
    expect((await app.missions.findById(mission.id))?.name).to.equal('m');
    expect(await fail(app.deleteMission(ada.principal, mission.id))).to.be.an('error');
    expect(await fail(app.updateSchedule(ada.principal, schedule.id, { enabled: false }))).to.be.an('error');
    expect((await app.schedules.findById(schedule.id))?.enabled).to.equal(true);
    expect(await fail(app.deleteSchedule(ada.principal, schedule.id))).to.be.an('error');
    expect(await app.schedules.findById(schedule.id)).to.not.equal(undefined);
    expect(
      await fail(
        app.createSchedule(ada.principal, { missionId: mission.id, name: 'lost', cron: '0 4 * * *' }),
      ),
    ).to.be.an('error');
    expect(await app.missions.findById(mission.id)).to.not.equal(undefined);
  });
});
