import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { Conflict, Forbidden, InvalidFields, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { fail } from '../../../support/fail.ts';
import { joinWorkspace } from '../../../support/members.ts';
import { actor, useCases } from '../../../support/test-container.ts';

const graphV1 = {
  nodes: [
    { id: 'start', kind: 'code', config: { source: 'function main(input) { return input }' } },
    { id: 'gate', kind: 'condition' },
  ],
  edges: [{ from: 'start', to: 'gate' }],
};
const graphV2 = {
  ...graphV1,
  nodes: [
    ...graphV1.nodes,
    { id: 'send', kind: 'http', config: { method: 'POST', url: 'https://example.com/hook' } },
  ],
  edges: [...graphV1.edges, { from: 'gate', to: 'send', when: 'input.ok = true' }],
};

describe('blueprints (use cases, in memory)', () => {
  async function setup() {
    const app = await useCases({ now: new Date('2026-11-21T12:00:00Z') });
    const ada = await actor(app, 'ada');
    const cy = await actor(app, 'cyd');
    const eve = await actor(app, 'eve');
    const workspaceId = ada.personal.id;
    await joinWorkspace(app, ada.principal, workspaceId, { principal: cy.principal, login: 'cyd' }, 'member');
    return { app, ada, cy, eve, workspaceId };
  }

  it('creates a blueprint with version 1, adds versions, lists, reads and diffs them', async () => {
    const { app, ada, cy, workspaceId } = await setup();
    const blueprint = await app.createBlueprint(ada.principal, {
      workspaceId,
      name: ' Relay ',
      description: 'webhook to http',
      graph: graphV1,
    });
    expect(blueprint).to.deep.include({
      name: 'Relay',
      description: 'webhook to http',
      latestVersion: 1,
      workspaceId,
    });
    const v1 = await app.getBlueprintVersion(cy.principal, blueprint.id, 1);
    const canonical = JSON.stringify({
      edges: [{ from: 'start', to: 'gate' }],
      nodes: [
        { config: { source: 'function main(input) { return input }' }, id: 'start', kind: 'code' },
        { id: 'gate', kind: 'condition' },
      ],
    });
    expect(v1).to.deep.include({ version: 1, graph: graphV1, note: null, createdBy: ada.principal.userId });
    expect(v1.digest).to.equal(createHash('sha256').update(canonical).digest('hex'));

    app.clock.advance(1);
    const v2 = await app.createBlueprintVersion(ada.principal, blueprint.id, {
      graph: graphV2,
      baseVersion: 1,
      note: 'send it',
    });
    expect(v2).to.deep.include({ version: 2, note: 'send it' });
    expect((await app.getBlueprint(cy.principal, blueprint.id)).latestVersion).to.equal(2);
    const versions = await app.listBlueprintVersions(cy.principal, blueprint.id, { limit: 1 });
    const rest = await app.listBlueprintVersions(cy.principal, blueprint.id, {
      limit: 1,
      after: versions.next ?? undefined,
    });
    expect([...versions.items, ...rest.items].map((v) => v.version)).to.deep.equal([1, 2]);

    const diff = await app.diffBlueprintVersions(cy.principal, blueprint.id, 1, 2);
    expect(diff).to.deep.equal({
      from: 1,
      to: 2,
      patch: [
        { op: 'add', path: '/nodes/-', value: graphV2.nodes[2] },
        { op: 'add', path: '/edges/-', value: graphV2.edges[1] },
      ],
    });
    expect((await app.diffBlueprintVersions(cy.principal, blueprint.id, 2, 2)).patch).to.deep.equal([]);
    expect(await fail(app.diffBlueprintVersions(cy.principal, blueprint.id, 1, 3))).to.be.instanceOf(
      NotFound,
    );

    const page = await app.listBlueprints(cy.principal, workspaceId, { limit: 10 });
    expect(page.items.map((b) => b.id)).to.deep.equal([blueprint.id]);
    const renamed = await app.updateBlueprint(ada.principal, blueprint.id, {
      name: 'Relay 2',
      description: null,
    });
    expect(renamed).to.deep.include({ name: 'Relay 2', description: null, latestVersion: 2 });
    await app.deleteBlueprint(ada.principal, blueprint.id);
    expect(await fail(app.getBlueprint(ada.principal, blueprint.id))).to.be.instanceOf(NotFound);
    expect(await fail(app.getBlueprintVersion(ada.principal, blueprint.id, 1))).to.be.instanceOf(NotFound);
  });

  it('refuses a stale base_version, so two editors never overwrite each other', async () => {
    const { app, ada, workspaceId } = await setup();
    const blueprint = await app.createBlueprint(ada.principal, { workspaceId, name: 'b', graph: graphV1 });
    await app.createBlueprintVersion(ada.principal, blueprint.id, { graph: graphV2, baseVersion: 1 });
    const stale = await fail(
      app.createBlueprintVersion(ada.principal, blueprint.id, { graph: graphV1, baseVersion: 1 }),
    );
    expect(stale).to.be.instanceOf(Conflict);
    const ahead = await fail(
      app.createBlueprintVersion(ada.principal, blueprint.id, { graph: graphV1, baseVersion: 7 }),
    );
    expect(ahead).to.be.instanceOf(Conflict);
    expect((await app.getBlueprint(ada.principal, blueprint.id)).latestVersion).to.equal(2);
    const third = await app.createBlueprintVersion(ada.principal, blueprint.id, { graph: graphV1 });
    expect(third.version).to.equal(3);
  });

  it('reports every problem of a graph, with the validator and on creation, storing nothing', async () => {
    const { app, ada, eve, workspaceId } = await setup();
    const bad = {
      nodes: [
        { id: 'a', kind: 'code', config: { source: 'function main(){}' }, input: 'a.(' },
        { id: 'a', kind: 'nope' },
      ],
      edges: [{ from: 'a', to: 'z' }],
    };
    const refused = await fail(app.validateGraph(eve.principal, bad));
    expect(refused).to.be.instanceOf(InvalidFields);
    expect((refused as InvalidFields).errors.map((e) => e.path)).to.deep.equal([
      '/graph/nodes/0/input',
      '/graph/nodes/1/id',
      '/graph/nodes/1/kind',
      '/graph/edges/0/to',
    ]);
    await app.validateGraph(eve.principal, graphV2);
    expect(
      await fail(app.createBlueprint(ada.principal, { workspaceId, name: 'b', graph: bad })),
    ).to.be.instanceOf(InvalidFields);
    expect((await app.listBlueprints(ada.principal, workspaceId, { limit: 10 })).items).to.deep.equal([]);
  });

  it('lets members read but not write, and hides blueprints from outsiders', async () => {
    const { app, ada, cy, eve, workspaceId } = await setup();
    const blueprint = await app.createBlueprint(ada.principal, { workspaceId, name: 'b', graph: graphV1 });
    expect(
      await fail(app.createBlueprint(cy.principal, { workspaceId, name: 'c', graph: graphV1 })),
    ).to.be.instanceOf(Forbidden);
    expect(
      await fail(app.createBlueprintVersion(cy.principal, blueprint.id, { graph: graphV2 })),
    ).to.be.instanceOf(Forbidden);
    expect(await fail(app.updateBlueprint(cy.principal, blueprint.id, { name: 'x' }))).to.be.instanceOf(
      Forbidden,
    );
    expect(await fail(app.deleteBlueprint(cy.principal, blueprint.id))).to.be.instanceOf(Forbidden);
    for (const attempt of [
      app.getBlueprint(eve.principal, blueprint.id),
      app.getBlueprintVersion(eve.principal, blueprint.id, 1),
      app.listBlueprintVersions(eve.principal, blueprint.id, { limit: 5 }),
      app.diffBlueprintVersions(eve.principal, blueprint.id, 1, 1),
      app.listBlueprints(eve.principal, workspaceId, { limit: 5 }),
      app.createBlueprint(eve.principal, { workspaceId, name: 'c', graph: graphV1 }),
      app.deleteBlueprint(eve.principal, blueprint.id),
    ]) {
      expect(await fail(attempt)).to.be.instanceOf(NotFound);
    }
  });
});
