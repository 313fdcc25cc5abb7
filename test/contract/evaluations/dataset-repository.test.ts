import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { newDataset } from '../../../src/domain/evaluations/dataset.ts';
import { at, describeContract, seedUser } from '../../support/persistence-world.ts';

describeContract('DatasetRepository', (world) => {
  it("pages through a workspace's datasets oldest first, and no other workspace's", async () => {
    const { workspace } = await seedUser(world);
    const other = await seedUser(world);
    const made = (workspaceId: string, seconds: number, name: string) =>
      newDataset({ id: randomUUID(), workspaceId, name, now: at(seconds) });
    const mine = [made(workspace.id, 2, 'c'), made(workspace.id, 0, 'a'), made(workspace.id, 1, 'b')];
    for (const dataset of [...mine, made(other.workspace.id, 0, 'theirs')]) await world.datasets.add(dataset);

    const first = await world.datasets.listForWorkspace(workspace.id, { limit: 2 });
    expect(first.items.map((d) => d.name)).to.deep.equal(['a', 'b']);
    expect(first.next).to.not.equal(null);
    const second = await world.datasets.listForWorkspace(workspace.id, {
      limit: 2,
      after: first.next ?? undefined,
    });
    expect(second.items).to.deep.equal([mine[0]]);
    expect(second.next).to.equal(null);
    expect((await world.datasets.listForWorkspace(randomUUID(), { limit: 2 })).items).to.deep.equal([]);
  });
});
