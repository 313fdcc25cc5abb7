import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { describeContract, T0 } from '../../support/persistence-world.ts';

describeContract('AuditEvents', (world) => {
  let workspaceId: string;
  let ada: string;
  let key: string;
  let memberId: string;
  beforeEach(async () => {
    [workspaceId, ada, key, memberId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const session = randomUUID();
    const log = world.auditLog;
    await log.record({ type: 'login_succeeded', userId: ada, sessionId: session, ip: '203.0.113.9' });
    world.auditClock.advance(1);
    await log.record({
      type: 'member_role_changed',
      userId: ada,
      sessionId: session,
      workspaceId,
      target: { type: 'member', id: memberId },
      details: { role: 'admin' },
    });
    world.auditClock.advance(1);
    await log.record({
      type: 'api_key_revoked',
      apiKeyId: key,
      workspaceId,
      target: { type: 'api_key', id: randomUUID() },
    });
    world.auditClock.advance(1);
    await log.record({ type: 'trigger_created', userId: ada, workspaceId: randomUUID() });
  });

  const ids = (page: { items: { type: string }[] }) => page.items.map((event) => event.type);

  it("lists a workspace's events newest first, each with its actor, target, context and time", async () => {
    const page = await world.auditEvents.listForWorkspace(workspaceId, {}, { limit: 10 });
    expect(ids(page)).to.deep.equal(['api_key_revoked', 'member_role_changed']);
    expect(page.next).to.equal(null);
    const { id: _id, ...changed } = page.items[1] ?? {};
    expect(changed).to.deep.include({
      type: 'member_role_changed',
      userId: ada,
      apiKeyId: null,
      workspaceId,
      target: { type: 'member', id: memberId },
      ip: null,
      details: { role: 'admin' },
      occurredAt: new Date(T0.getTime() + 1000),
    });
    expect(page.items[0]).to.deep.include({ userId: null, apiKeyId: key, sessionId: null });
  });

  it("lists a person's own events, of every workspace and none", async () => {
    const page = await world.auditEvents.listForUser(ada, {}, { limit: 10 });
    expect(ids(page)).to.deep.equal(['trigger_created', 'member_role_changed', 'login_succeeded']);
    expect(page.items[2]).to.deep.include({ ip: '203.0.113.9', workspaceId: null, target: null });
  });

  it('filters by action, actor (a user or a key), target and time', async () => {
    const list = (filter: object) => world.auditEvents.listForWorkspace(workspaceId, filter, { limit: 10 });
    expect(ids(await list({ action: 'member_role_changed' }))).to.deep.equal(['member_role_changed']);
    expect(ids(await list({ actorId: key }))).to.deep.equal(['api_key_revoked']);
    expect(ids(await list({ actorId: ada }))).to.deep.equal(['member_role_changed']);
    expect(ids(await list({ targetType: 'member', targetId: memberId }))).to.deep.equal([
      'member_role_changed',
    ]);
    expect(ids(await list({ targetId: randomUUID() }))).to.deep.equal([]);
    const second = new Date(T0.getTime() + 2000);
    expect(ids(await list({ since: second }))).to.deep.equal(['api_key_revoked']);
    expect(ids(await list({ until: second }))).to.deep.equal(['member_role_changed']);
  });

  it('pages newest first with a position that neither skips nor repeats', async () => {
    const first = await world.auditEvents.listForUser(ada, {}, { limit: 2 });
    expect(ids(first)).to.deep.equal(['trigger_created', 'member_role_changed']);
    expect(first.next).to.not.equal(null);
    const second = await world.auditEvents.listForUser(ada, {}, { limit: 2, after: first.next ?? undefined });
    expect(ids(second)).to.deep.equal(['login_succeeded']);
    expect(second.next).to.equal(null);
  });
});
