import { expect } from 'chai';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { MAX_JSON_DEPTH } from '../../../../src/domain/kernel/well-formed-json.ts';
import { fail } from '../../../support/fail.ts';
import { team, useCases } from '../../../support/test-container.ts';

describe('mission use cases and starting runs', () => {
  async function setup() {
    const app = await useCases();
    const { ada, bob, cyd: cy, eve, workspaceId } = await team(app);
    return { app, ada, bob, cy, eve, workspaceId };
  }

  it('lets admins define missions, members read them, and hides them from outsiders', async () => {
    const { app, bob, cy, eve, workspaceId } = await setup();
    const mission = await app.createMission(bob.principal, {
      workspaceId,
      name: 'Digest',
      definition: { steps: [1] },
    });
    expect(await app.getMission(cy.principal, mission.id)).to.deep.equal(mission);
    expect(await fail(app.createMission(cy.principal, { workspaceId, name: 'x' }))).to.be.instanceOf(
      Forbidden,
    );
    const hidden = (await fail(app.getMission(eve.principal, mission.id))) as NotFound;
    expect(hidden).to.be.instanceOf(NotFound);
    expect(hidden.message).to.equal('mission was not found');
    expect(await fail(app.createMission(eve.principal, { workspaceId, name: 'x' }))).to.be.instanceOf(
      NotFound,
    );
    expect(await fail(app.listMissions(eve.principal, workspaceId, { limit: 50 }))).to.be.instanceOf(
      NotFound,
    );
  });

  it('lists missions newest first, a page at a time', async () => {
    const { app, ada, cy, workspaceId } = await setup();
    const names: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      await app.createMission(ada.principal, { workspaceId, name });
      app.clock.advance(1);
      names.unshift(name);
    }
    const first = await app.listMissions(cy.principal, workspaceId, { limit: 2 });
    const second = await app.listMissions(cy.principal, workspaceId, {
      limit: 2,
      after: first.next ?? undefined,
    });
    expect([...first.items, ...second.items].map((m) => m.name)).to.deep.equal(names);
    expect(second.next).to.equal(null);
  });

  it('updates missions for admins, validating the changes', async () => {
    const { app, bob, cy, workspaceId } = await setup();
    const mission = await app.createMission(bob.principal, { workspaceId, name: 'Digest' });
    app.clock.advance(60);
    expect(await fail(app.updateMission(cy.principal, mission.id, { name: 'x' }))).to.be.instanceOf(
      Forbidden,
    );
    expect(await fail(app.updateMission(bob.principal, mission.id, { definition: 'x' }))).to.be.instanceOf(
      InvalidInput,
    );
    const changed = await app.updateMission(bob.principal, mission.id, { description: 'daily' });
    expect(changed).to.deep.include({ name: 'Digest', description: 'daily', updatedAt: app.clock.now() });
    expect(await app.getMission(cy.principal, mission.id)).to.deep.equal(changed);
  });

  it(`refuses definitions, run input and output nested deeper than ${MAX_JSON_DEPTH} levels, naming where`, async () => {
    const { app, bob, workspaceId } = await setup();
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`) as unknown;
    const refused = await fail(
      app.createMission(bob.principal, { workspaceId, name: 'x', definition: { a: deep } }),
    );
    expect(refused).to.be.instanceOf(InvalidInput);
    expect((refused as Error).message).to.equal(
      `definition/a${'/0'.repeat(MAX_JSON_DEPTH - 1)} is nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
    expect((await app.listMissions(bob.principal, workspaceId, { limit: 50 })).items).to.deep.equal([]);
    const mission = await app.createMission(bob.principal, { workspaceId, name: 'Digest' });
    expect(await fail(app.startRun(bob.principal, mission.id, { input: { a: deep } }))).to.be.instanceOf(
      InvalidInput,
    );
    const run = await app.startRun(bob.principal, mission.id, {});
    await app.claimRun(bob.principal, { workspaceId });
    const completion = app.completeRun(bob.principal, run.id, { status: 'succeeded', output: { a: deep } });
    expect(await fail(completion)).to.be.instanceOf(InvalidInput);
    expect((await app.getRun(bob.principal, run.id)).status).to.equal('running');
  });

  it('starts runs for admins only, and deletes a mission only once none of its runs is active', async () => {
    const { app, ada, bob, cy, eve, workspaceId } = await setup();
    const mission = await app.createMission(ada.principal, { workspaceId, name: 'Digest' });
    expect(await fail(app.startRun(cy.principal, mission.id, {}))).to.be.instanceOf(Forbidden);
    expect(await fail(app.startRun(eve.principal, mission.id, {}))).to.be.instanceOf(NotFound);
    const run = await app.startRun(bob.principal, mission.id, { input: { day: 1 } });
    expect(run).to.deep.include({ status: 'queued', triggerType: 'manual', workspaceId, input: { day: 1 } });
    expect((await app.getRunDetail(cy.principal, run.id)).usage, 'no model, no usage').to.equal(null);
    expect(await fail(app.getRunDetail(eve.principal, run.id))).to.be.instanceOf(NotFound);
    expect(await fail(app.deleteMission(bob.principal, mission.id))).to.be.instanceOf(Conflict);
    await app.cancelRun(bob.principal, run.id);
    expect(await fail(app.deleteMission(cy.principal, mission.id))).to.be.instanceOf(Forbidden);
    await app.deleteMission(bob.principal, mission.id);
    expect(await fail(app.getMission(ada.principal, mission.id))).to.be.instanceOf(NotFound);
    expect(await fail(app.getRun(ada.principal, run.id))).to.be.instanceOf(NotFound);
  });

  it('refuses U+0000 and lone surrogates in definitions, run input and output: PostgreSQL would refuse them', async () => {
    const { app, bob, workspaceId } = await setup();
    for (const definition of [{ a: 'x\u0000' }, { 'k\u0000': 1 }, { a: ['\ud800'] }]) {
      const refused = await fail(app.createMission(bob.principal, { workspaceId, name: 'x', definition }));
      expect(refused).to.be.instanceOf(InvalidInput);
    }
    const mission = await app.createMission(bob.principal, { workspaceId, name: 'Digest' });
    const input = { a: '\udc00' };
    expect(await fail(app.startRun(bob.principal, mission.id, { input }))).to.be.instanceOf(InvalidInput);
    const run = await app.startRun(bob.principal, mission.id, {});
    await app.claimRun(bob.principal, { workspaceId });
    const output = { a: 'x\u0000' };
    const completion = app.completeRun(bob.principal, run.id, { status: 'succeeded', output });
    expect(((await fail(completion)) as Error).message).to.equal(
      'output/a contains U+0000 or a lone surrogate',
    );
  });

  it('lists runs as summaries: no input or output, which reading one run shows', async () => {
    const { app, bob, cy, workspaceId } = await setup();
    const mission = await app.createMission(bob.principal, { workspaceId, name: 'Digest' });
    const run = await app.startRun(bob.principal, mission.id, { input: { day: 1 } });
    const [listed] = (await app.listRuns(cy.principal, { workspaceId }, { limit: 50 })).items;
    expect(listed).to.include({ id: run.id, status: 'queued' });
    expect(listed).not.to.have.any.keys('input', 'output');
    expect((await app.getRun(cy.principal, run.id)).input).to.deep.equal({ day: 1 });
  });

  it('claims only runs of the missions a worker asks for, oldest first', async () => {
    const { app, bob, workspaceId } = await setup();
    const one = await app.createMission(bob.principal, { workspaceId, name: 'one' });
    const two = await app.createMission(bob.principal, { workspaceId, name: 'two' });
    const first = await app.startRun(bob.principal, one.id, {});
    app.clock.advance(1);
    const second = await app.startRun(bob.principal, two.id, {});
    app.clock.advance(1);
    const third = await app.startRun(bob.principal, one.id, {});
    const order = [];
    for (let i = 0; i < 3; i++) {
      order.push((await app.claimRun(bob.principal, { workspaceId, missionIds: [one.id] }))?.id);
    }
    expect(order).to.deep.equal([first.id, third.id, undefined]);
    expect((await app.claimRun(bob.principal, { workspaceId }))?.id).to.equal(second.id);
  });
});
