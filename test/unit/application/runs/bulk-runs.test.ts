import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Conflict, Forbidden, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { fail } from '../../../support/fail.ts';
import { joinWorkspace } from '../../../support/members.ts';
import { actor, useCases } from '../../../support/test-container.ts';

describe('bulk cancel and replay of runs (use case, in memory)', () => {
  async function setup() {
    const app = await useCases();
    const ada = await actor(app, 'ada');
    const workspaceId = ada.personal.id;
    const mission = await app.createMission(ada.principal, { workspaceId, name: 'm' });
    const start = async () => {
      app.clock.advance(1);
      return app.startRun(ada.principal, mission.id, { input: { n: 1 } });
    };
    return { app, ada, workspaceId, mission, start };
  }

  it('cancels the named runs one by one, each refusal its own result, in the order given', async () => {
    const { app, ada, start } = await setup();
    const [a, b] = [await start(), await start()];
    await app.cancelRun(ada.principal, b.id);
    const missing = randomUUID();
    const results = await app.bulkRuns(ada.principal, { action: 'cancel', ids: [a.id, b.id, missing] });
    expect(results.map((r) => r.id)).to.deep.equal([a.id, b.id, missing]);
    expect('run' in results[0]! && results[0].run.status).to.equal('cancelled');
    expect('error' in results[1]! && results[1].error).to.be.instanceOf(Conflict);
    expect('error' in results[2]! && results[2].error).to.be.instanceOf(NotFound);
    expect((await app.getRun(ada.principal, a.id)).status).to.equal('cancelled');
  });

  it('replays the finished runs a filter selects, and refuses a member or an outsider before anything', async () => {
    const { app, ada, workspaceId, mission, start } = await setup();
    const [a, b, running] = [await start(), await start(), await start()];
    for (const run of [a, b]) await app.cancelRun(ada.principal, run.id);
    const results = await app.bulkRuns(ada.principal, {
      action: 'replay',
      filter: { workspaceId, missionId: mission.id, status: 'cancelled' },
    });
    expect(results.map((r) => r.id)).to.deep.equal([b.id, a.id]);
    for (const result of results) {
      expect('run' in result && result.run.replayOf).to.equal(result.id);
    }
    expect((await app.getRun(ada.principal, running.id)).status).to.equal('queued');

    const bob = await actor(app, 'bob');
    await joinWorkspace(
      app,
      ada.principal,
      workspaceId,
      { principal: bob.principal, login: 'bob' },
      'member',
    );
    const filter = { workspaceId, status: 'queued' as const };
    expect(await fail(app.bulkRuns(bob.principal, { action: 'cancel', filter }))).to.be.instanceOf(Forbidden);
    const eve = await actor(app, 'eve');
    expect(await fail(app.bulkRuns(eve.principal, { action: 'cancel', filter }))).to.be.instanceOf(NotFound);
    expect((await app.getRun(ada.principal, running.id)).status).to.equal('queued');
  });

  it('refuses a filter that selects more than 500 runs, changing nothing', async () => {
    const { app, ada, workspaceId, start } = await setup();
    for (let index = 0; index < 501; index++) await start();
    const error = await fail(app.bulkRuns(ada.principal, { action: 'cancel', filter: { workspaceId } }));
    expect(error).to.be.instanceOf(Conflict);
    const queued = await app.listRuns(ada.principal, { workspaceId, status: 'queued' }, { limit: 200 });
    expect(queued.items).to.have.length(200);
    const window = { workspaceId, createdAfter: new Date(app.clock.now().getTime() - 1500) };
    const recent = await app.bulkRuns(ada.principal, { action: 'cancel', filter: window });
    expect(recent.length, 'a time window narrows it').to.be.within(1, 3);
  });
});
