import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Blueprint } from '../../../src/domain/blueprints/blueprint.ts';
import type { BlueprintVersion } from '../../../src/domain/blueprints/blueprint-version.ts';
import type { Graph } from '../../../src/domain/blueprints/graph.ts';
import { at, describeContract, seedUser, T0 } from '../../support/persistence-world.ts';

// Key order and number text as sent: the graph comes back exactly so.
const graph = {
  nodes: [{ kind: 'wait', id: 'pause', config: { seconds: 1.5 } }],
  edges: [],
  output: '$',
} as unknown as Graph;

describeContract('BlueprintRepository', (world) => {
  async function seedBlueprint(createdAt = T0) {
    const { user, workspace } = await seedUser(world);
    const blueprint = Blueprint.create({ id: randomUUID(), workspaceId: workspace.id, name: 'b' }, createdAt);
    const first = versionOf(blueprint, 1, user.id, createdAt);
    await world.blueprints.add(blueprint, first);
    return { blueprint, first, user };
  }

  function versionOf(
    blueprint: Blueprint,
    version: number,
    createdBy: string | null,
    createdAt: Date,
  ): BlueprintVersion {
    return {
      id: randomUUID(),
      blueprintId: blueprint.id,
      version,
      graph,
      digest: 'ab'.repeat(32),
      note: version === 1 ? null : `v${version}`,
      createdBy,
      createdAt,
    };
  }

  it('stores a blueprint with its first version and reads both back field for field', async () => {
    const { blueprint, first } = await seedBlueprint();
    expect(await world.blueprints.findById(blueprint.id)).to.deep.equal(blueprint);
    const found = await world.blueprints.findVersion(blueprint.id, 1);
    expect(found).to.deep.equal(first);
    expect(JSON.stringify(found?.graph)).to.equal(JSON.stringify(graph));
    expect(await world.blueprints.findVersion(blueprint.id, 2)).to.equal(undefined);
    expect(await world.blueprints.findById(randomUUID())).to.equal(undefined);
  });

  it('pages a workspace newest first and versions oldest first', async () => {
    const { blueprint, user } = await seedBlueprint();
    const later = Blueprint.create(
      { id: randomUUID(), workspaceId: blueprint.workspaceId, name: 'later' },
      at(1),
    );
    await world.blueprints.add(later, versionOf(later, 1, user.id, at(1)));
    const first = await world.blueprints.listForWorkspace(blueprint.workspaceId, { limit: 1 });
    const second = await world.blueprints.listForWorkspace(blueprint.workspaceId, {
      limit: 1,
      after: first.next ?? undefined,
    });
    expect([...first.items, ...second.items].map((b) => b.id)).to.deep.equal([later.id, blueprint.id]);
    expect(second.next).to.equal(null);
    for (const n of [2, 3]) {
      await world.blueprints.addVersion(blueprint.id, (b) =>
        versionOf(b, b.nextVersion(undefined, at(n)), null, at(n)),
      );
    }
    const a = await world.blueprints.listVersions(blueprint.id, { limit: 2 });
    const b = await world.blueprints.listVersions(blueprint.id, { limit: 2, after: a.next ?? undefined });
    expect([...a.items, ...b.items].map((v) => v.version)).to.deep.equal([1, 2, 3]);
    expect(b.next).to.equal(null);
  });

  it('numbers versions under a lock: concurrent additions get distinct numbers, a refused one stores nothing', async () => {
    const { blueprint } = await seedBlueprint();
    const added = await Promise.all(
      [1, 2, 3, 4].map(() =>
        world.blueprints.addVersion(blueprint.id, (b) =>
          versionOf(b, b.nextVersion(undefined, at(9)), null, at(9)),
        ),
      ),
    );
    expect(added.map((a) => a?.version.version).sort()).to.deep.equal([2, 3, 4, 5]);
    const stale = await world.blueprints
      .addVersion(blueprint.id, (b) => versionOf(b, b.nextVersion(1, at(10)), null, at(10)))
      .catch((e: unknown) => e);
    expect(stale).to.be.instanceOf(Error);
    expect((await world.blueprints.findById(blueprint.id))?.latestVersion).to.equal(5);
    expect(await world.blueprints.findVersion(blueprint.id, 6)).to.equal(undefined);
    expect(
      await world.blueprints.addVersion(randomUUID(), () => versionOf(blueprint, 9, null, at(1))),
    ).to.equal(undefined);
  });

  it('changes under a lock, storing nothing when the change throws; deletes with the versions', async () => {
    const { blueprint } = await seedBlueprint();
    const changed = await world.blueprints.update(blueprint.id, (b) =>
      b.update({ name: 'renamed', description: 'd' }, at(5)),
    );
    expect(await world.blueprints.findById(blueprint.id)).to.deep.equal(changed);
    expect(changed).to.deep.include({ name: 'renamed', description: 'd', updatedAt: at(5) });
    const refused = await world.blueprints
      .update(blueprint.id, (b) => b.update({ name: ' ' }, at(6)))
      .catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(Error);
    expect(await world.blueprints.findById(blueprint.id)).to.deep.equal(changed);
    expect(await world.blueprints.update(randomUUID(), () => {})).to.equal(undefined);
    await world.blueprints.delete(blueprint.id);
    expect(await world.blueprints.findById(blueprint.id)).to.equal(undefined);
    expect(await world.blueprints.findVersion(blueprint.id, 1)).to.equal(undefined);
  });
});
