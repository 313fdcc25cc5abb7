import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ProviderAccount } from '../../../src/domain/models/provider-account.ts';
import {
  at,
  describeContract,
  postgresWorld,
  seedUser,
  T0,
  type World,
} from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';

async function newAccount(world: World, createdAt = T0, workspaceId?: string) {
  const id = workspaceId ?? (await seedUser(world)).workspace.id;
  const account = ProviderAccount.create(
    { id: randomUUID(), workspaceId: id, name: 'Provider', kind: 'openai', apiKey: `sk-${randomUUID()}` },
    createdAt,
  );
  await world.providerAccounts.add(account);
  return account;
}

describeContract('ProviderAccountRepository', (world) => {
  it('stores an account field for field, its key included, and saves changes', async () => {
    const account = await newAccount(world);
    expect(await world.providerAccounts.findById(account.id)).to.deep.equal(account);
    account.update({ name: 'Renamed', baseUrl: 'https://models.example/v1', apiKey: 'sk-new-key' }, at(5));
    await world.providerAccounts.save(account);
    expect(await world.providerAccounts.findById(account.id)).to.deep.equal(account);
  });

  it("lists a workspace's accounts oldest first, page by page", async () => {
    const first = await newAccount(world, at(1));
    const second = await newAccount(world, at(2), first.workspaceId);
    const third = await newAccount(world, at(3), first.workspaceId);
    await newAccount(world, at(1));
    const one = await world.providerAccounts.list(first.workspaceId, { limit: 2 });
    expect(one.items.map((a) => a.id)).to.deep.equal([first.id, second.id]);
    const two = await world.providerAccounts.list(first.workspaceId, {
      limit: 2,
      after: one.next ?? undefined,
    });
    expect(two.items.map((a) => a.id)).to.deep.equal([third.id]);
    expect(two.next).to.equal(null);
  });

  it('deletes an account, and a workspace takes its accounts along', async () => {
    const account = await newAccount(world);
    await world.providerAccounts.delete(account.id);
    expect(await world.providerAccounts.findById(account.id)).to.equal(undefined);
    const other = await newAccount(world);
    await world.workspaces.delete(other.workspaceId);
    expect(await world.providerAccounts.findById(other.id)).to.equal(undefined);
  });
});

describe('ProviderAccountRepository on PostgreSQL', () => {
  it('keeps the key sealed at rest, bound to its row', async () => {
    const { db } = await testDatabase();
    const world = await postgresWorld();
    const [one, two] = [await newAccount(world), await newAccount(world)];
    const rows = await db.query('select * from model_providers where id in ($1, $2)', [one.id, two.id]);
    const dump = JSON.stringify(rows);
    for (const key of [one.apiKey, two.apiKey]) expect(dump).not.to.include(key?.slice(3, 20));
    await db.query(
      'update model_providers set api_key_sealed = (select api_key_sealed from model_providers where id = $1) where id = $2',
      [one.id, two.id],
    );
    let refused = false;
    await world.providerAccounts.findById(two.id).catch(() => {
      refused = true;
    });
    expect(refused).to.equal(true);
  });
});
