import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { StoredFile } from '../../../src/domain/files/stored-file.ts';
import { at, describeContract, seedUser } from '../../support/persistence-world.ts';

const fileOf = (workspaceId: string, size: number, createdAt: Date) =>
  new StoredFile({
    id: randomUUID(),
    workspaceId,
    name: 'f.bin',
    contentType: 'application/octet-stream',
    size,
    sha256: 'a'.repeat(64),
    createdBy: null,
    createdAt,
  });

describeContract('FileRepository', (world) => {
  it('stores files within the quota only, pages them newest first, sums their bytes and deletes them', async () => {
    const { workspace } = await seedUser(world);
    const first = fileOf(workspace.id, 400, at(0));
    const second = fileOf(workspace.id, 500, at(1));
    expect(await world.files.addWithinQuota(first, 1000)).to.equal(true);
    expect(await world.files.addWithinQuota(second, 1000)).to.equal(true);
    expect(await world.files.addWithinQuota(fileOf(workspace.id, 101, at(2)), 1000)).to.equal(false);
    expect(await world.files.usedBytes(workspace.id)).to.equal(900);
    expect(await world.files.findById(first.id)).to.deep.equal(first);
    const page = await world.files.listForWorkspace(workspace.id, { limit: 1 });
    expect(page.items.map((f) => f.id)).to.deep.equal([second.id]);
    const rest = await world.files.listForWorkspace(workspace.id, {
      limit: 1,
      after: page.next ?? undefined,
    });
    expect(rest).to.deep.equal({ items: [first], next: null });
    expect(await world.files.existingIds([first.id, randomUUID(), second.id])).to.have.members([
      first.id,
      second.id,
    ]);
    expect(await world.files.delete(first.id)).to.equal(true);
    expect(await world.files.delete(first.id)).to.equal(false);
    expect(await world.files.existingIds([first.id])).to.deep.equal([]);
    expect(await world.files.usedBytes(workspace.id)).to.equal(500);
    expect(await world.files.findById(first.id)).to.equal(undefined);
  });

  it('lets concurrent files of a workspace fill its quota, never pass it', async () => {
    const { workspace } = await seedUser(world);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => world.files.addWithinQuota(fileOf(workspace.id, 300, at(i)), 1000)),
    );
    expect(results.filter(Boolean)).to.have.length(3);
    expect(await world.files.usedBytes(workspace.id)).to.equal(900);
  });

  it("deletes a workspace's files with it", async () => {
    const { workspace } = await seedUser(world);
    const file = fileOf(workspace.id, 1, at(0));
    await world.files.addWithinQuota(file, 10);
    await world.workspaces.delete(workspace.id);
    expect(await world.files.findById(file.id)).to.equal(undefined);
  });
});
