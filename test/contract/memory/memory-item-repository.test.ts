import { expect } from 'chai';
import type { MemoryItem } from '../../../src/domain/memory/memory-item.ts';
import { at, describeContract, seedUser } from '../../support/persistence-world.ts';

const itemOf = (
  workspaceId: string,
  namespace: string[],
  key: string,
  value: Record<string, unknown>,
  writtenAt: Date,
  expiresAt: Date | null = null,
): MemoryItem => ({
  workspaceId,
  namespace,
  key,
  value,
  createdAt: writtenAt,
  updatedAt: writtenAt,
  expiresAt,
});

describeContract('MemoryItemRepository', (world) => {
  it('creates an item, replaces it keeping its creation time, finds it and deletes it', async () => {
    const { workspace } = await seedUser(world);
    const first = itemOf(workspace.id, ['users', 'u1'], 'diet', { likes: 'tea' }, at(0));
    expect(await world.memoryItems.put(first, at(0))).to.deep.equal({ item: first, created: true });
    const second = itemOf(workspace.id, ['users', 'u1'], 'diet', { likes: 'coffee' }, at(10), at(100));
    const replaced = await world.memoryItems.put(second, at(10));
    expect(replaced).to.deep.equal({ item: { ...second, createdAt: at(0) }, created: false });
    expect(await world.memoryItems.find(workspace.id, ['users', 'u1'], 'diet', at(20))).to.deep.equal(
      replaced.item,
    );
    expect(await world.memoryItems.find(workspace.id, ['users'], 'diet', at(20))).to.equal(undefined);
    expect(await world.memoryItems.delete(workspace.id, ['users', 'u1'], 'diet', at(20))).to.equal(true);
    expect(await world.memoryItems.delete(workspace.id, ['users', 'u1'], 'diet', at(20))).to.equal(false);
    expect(await world.memoryItems.find(workspace.id, ['users', 'u1'], 'diet', at(20))).to.equal(undefined);
  });

  it('treats an expired item as gone at once: not found, not deleted, not searched, replaced as new', async () => {
    const { workspace } = await seedUser(world);
    const ns = ['session'];
    await world.memoryItems.put(itemOf(workspace.id, ns, 'k', { note: 'short lived' }, at(0), at(60)), at(0));
    expect(await world.memoryItems.find(workspace.id, ns, 'k', at(59))).to.not.equal(undefined);
    expect(await world.memoryItems.find(workspace.id, ns, 'k', at(60))).to.equal(undefined);
    const search = { workspaceId: workspace.id, namespacePrefix: ns, limit: 10 };
    expect(await world.memoryItems.search(search, at(60))).to.deep.equal([]);
    expect(await world.memoryItems.delete(workspace.id, ns, 'k', at(61))).to.equal(false);
    await world.memoryItems.put(itemOf(workspace.id, ns, 'k2', { note: 'old' }, at(0), at(60)), at(0));
    const again = itemOf(workspace.id, ns, 'k2', { note: 'new' }, at(70));
    expect(await world.memoryItems.put(again, at(70))).to.deep.equal({ item: again, created: true });
  });

  it('searches by namespace prefix, label by label, newest first, within the workspace and the limit', async () => {
    const { workspace } = await seedUser(world);
    const other = await seedUser(world);
    await world.memoryItems.put(itemOf(workspace.id, ['a', 'b'], '1', { n: 1 }, at(1)), at(1));
    await world.memoryItems.put(itemOf(workspace.id, ['a', 'b', 'c'], '2', { n: 2 }, at(2)), at(2));
    await world.memoryItems.put(itemOf(workspace.id, ['a', 'bc'], '3', { n: 3 }, at(3)), at(3));
    await world.memoryItems.put(itemOf(workspace.id, ['x', 'a'], '4', { n: 4 }, at(4)), at(4));
    await world.memoryItems.put(itemOf(other.workspace.id, ['a', 'b'], '5', { n: 5 }, at(5)), at(5));
    const keys = async (namespacePrefix: string[], limit = 10) =>
      (await world.memoryItems.search({ workspaceId: workspace.id, namespacePrefix, limit }, at(9))).map(
        (item) => item.key,
      );
    expect(await keys(['a', 'b'])).to.deep.equal(['2', '1']);
    expect(await keys(['a'])).to.deep.equal(['3', '2', '1']);
    expect(await keys(['a'], 1)).to.deep.equal(['3']);
    expect(await keys(['a', 'b', 'c', 'd'])).to.deep.equal([]);
  });

  it('filters values by containment and ranks a full-text query best first', async () => {
    const { workspace } = await seedUser(world);
    const ns = ['prefs'];
    const put = (key: string, value: Record<string, unknown>, seconds: number) =>
      world.memoryItems.put(itemOf(workspace.id, ns, key, value, at(seconds)), at(seconds));
    await put('once', { topic: 'food', text: 'pizza on fridays', tags: ['a', 'b'] }, 1);
    await put('twice', { topic: 'food', text: 'pizza with friends, pizza at home' }, 2);
    await put('other', { topic: 'travel', text: 'trains to Lisbon', nested: { level: { deep: true } } }, 3);
    const search = async (extra: { query?: string; filter?: Record<string, unknown> }) =>
      (
        await world.memoryItems.search(
          { workspaceId: workspace.id, namespacePrefix: ns, limit: 10, ...extra },
          at(9),
        )
      ).map((item) => item.key);
    expect(await search({ filter: { topic: 'food' } })).to.deep.equal(['twice', 'once']);
    expect(await search({ filter: { tags: ['b'] } })).to.deep.equal(['once']);
    expect(await search({ filter: { nested: { level: { deep: true } } } })).to.deep.equal(['other']);
    expect(await search({ filter: { nested: { level: { deep: false } } } })).to.deep.equal([]);
    expect(await search({ query: 'pizza' })).to.deep.equal(['twice', 'once']);
    expect(await search({ query: 'pizza friends' })).to.deep.equal(['twice']);
    expect(await search({ query: 'Lisbon', filter: { topic: 'travel' } })).to.deep.equal(['other']);
    expect(await search({ query: 'Lisbon', filter: { topic: 'food' } })).to.deep.equal([]);
    expect(await search({ query: 'submarines' })).to.deep.equal([]);
  });

  it('sweeps only expired items, in batches', async () => {
    const { workspace } = await seedUser(world);
    for (let i = 0; i < 5; i += 1) {
      await world.memoryItems.put(itemOf(workspace.id, ['sweep'], `e${i}`, { i }, at(0), at(10)), at(0));
    }
    await world.memoryItems.put(itemOf(workspace.id, ['sweep'], 'kept', { i: 9 }, at(0)), at(0));
    expect(await world.memoryItems.deleteExpired(at(10), 3)).to.equal(3);
    // Other suites' expired items share the database: sweep until a batch comes back short.
    while ((await world.memoryItems.deleteExpired(at(10), 3)) === 3);
    const left = await world.memoryItems.search(
      { workspaceId: workspace.id, namespacePrefix: ['sweep'], limit: 10 },
      at(0),
    );
    expect(left.map((item) => item.key)).to.deep.equal(['kept']);
  });

  it("deletes a workspace's memory with it", async () => {
    const { workspace } = await seedUser(world);
    await world.memoryItems.put(itemOf(workspace.id, ['w'], 'k', { a: 1 }, at(0)), at(0));
    await world.workspaces.delete(workspace.id);
    expect(await world.memoryItems.find(workspace.id, ['w'], 'k', at(0))).to.equal(undefined);
  });
});
