import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ApiKey } from '../../../src/domain/api-keys/api-key.ts';
import type { ApiKeyRole } from '../../../src/domain/kernel/roles.ts';
import { Membership, Workspace } from '../../../src/domain/workspaces/workspace.ts';
import { at, describeContract, seedUser, T0 } from '../../support/persistence-world.ts';

function newKey(
  workspaceId: string,
  props: { createdAt?: Date; role?: ApiKeyRole; createdBy?: string | null } = {},
) {
  return ApiKey.issue(
    {
      id: randomUUID(),
      workspaceId,
      keyId: randomBytes(16).toString('base64url'),
      secretHash: randomBytes(32).toString('base64url'),
      name: 'worker',
      role: props.role ?? 'admin',
      createdBy: props.createdBy ?? null,
      expiresAt: at(3600),
    },
    props.createdAt ?? T0,
  );
}

describeContract('ApiKeyRepository', (world) => {
  let workspaceId: string;
  let userId: string;
  beforeEach(async () => {
    const seeded = await seedUser(world);
    workspaceId = seeded.workspace.id;
    userId = seeded.user.id;
  });

  it('stores a key and finds it by key id and by id, every field intact', async () => {
    const key = newKey(workspaceId, { createdBy: userId, role: 'member' });
    await world.apiKeys.add(key);
    expect(await world.apiKeys.findByKeyId(key.keyId)).to.deep.equal(key);
    expect(await world.apiKeys.findById(key.id)).to.deep.equal(key);
    expect(await world.apiKeys.findByKeyId(randomBytes(16).toString('base64url'))).to.equal(undefined);
    expect(await world.apiKeys.findById(randomUUID())).to.equal(undefined);
  });

  it('revokes once: the second revoke and an unknown id answer false; a revoked key is still found', async () => {
    const key = newKey(workspaceId);
    await world.apiKeys.add(key);
    expect(await world.apiKeys.revoke(key.id, at(5))).to.equal(true);
    expect(await world.apiKeys.revoke(key.id, at(6))).to.equal(false);
    expect(await world.apiKeys.revoke(randomUUID(), at(6))).to.equal(false);
    expect((await world.apiKeys.findByKeyId(key.keyId))?.revokedAt).to.deep.equal(at(5));
  });

  it("pages a workspace's keys oldest first, leaving out revoked keys and other workspaces' keys", async () => {
    const keys = [newKey(workspaceId, { createdAt: at(1) }), newKey(workspaceId, { createdAt: at(2) })];
    const sameTime = [newKey(workspaceId, { createdAt: at(3) }), newKey(workspaceId, { createdAt: at(3) })];
    sameTime.sort((a, b) => (a.id < b.id ? -1 : 1));
    const revoked = newKey(workspaceId, { createdAt: at(4) });
    const { workspace: other } = await seedUser(world);
    for (const key of [...sameTime, revoked, ...keys, newKey(other.id)]) await world.apiKeys.add(key);
    await world.apiKeys.revoke(revoked.id, at(5));

    const first = await world.apiKeys.listForWorkspace(workspaceId, { limit: 3 });
    const rest = await world.apiKeys.listForWorkspace(workspaceId, {
      limit: 3,
      after: first.next ?? undefined,
    });
    expect(first.next).to.deep.equal({ createdAt: at(3), id: sameTime[0]?.id });
    expect(rest.next).to.equal(null);
    expect([...first.items, ...rest.items].map((k) => k.id)).to.deep.equal(
      [...keys, ...sameTime].map((k) => k.id),
    );
  });

  it('records a use only when the last one is not after the cutoff', async () => {
    const key = newKey(workspaceId);
    await world.apiKeys.add(key);
    const lastUsed = async () => (await world.apiKeys.findById(key.id))?.lastUsedAt;
    await world.apiKeys.recordUse(key.id, at(10), at(-50));
    expect(await lastUsed()).to.deep.equal(at(10));
    await world.apiKeys.recordUse(key.id, at(30), at(-30));
    expect(await lastUsed(), 'used at 10 s, after the cutoff: no write').to.deep.equal(at(10));
    await world.apiKeys.recordUse(key.id, at(70), at(10));
    expect(await lastUsed(), 'a use exactly at the cutoff is old enough').to.deep.equal(at(70));
    await world.apiKeys.recordUse(randomUUID(), at(80), at(20));
  });

  it('deleting the workspace deletes its keys', async () => {
    const shared = new Workspace({ id: randomUUID(), name: 'gone', personal: false, createdAt: T0 });
    await world.workspaces.create(
      shared,
      new Membership({ workspaceId: shared.id, userId, role: 'owner', createdAt: T0 }),
    );
    const key = newKey(shared.id);
    const kept = newKey(workspaceId);
    await world.apiKeys.add(key);
    await world.apiKeys.add(kept);
    await world.workspaces.delete(shared.id);
    expect(await world.apiKeys.findByKeyId(key.keyId)).to.equal(undefined);
    expect(await world.apiKeys.findByKeyId(kept.keyId)).to.deep.equal(kept);
  });
});
