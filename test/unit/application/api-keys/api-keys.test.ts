import { expect } from 'chai';
import { Sha256ApiKeySecrets } from '../../../../src/adapters/api-keys/sha256-api-key-secrets.ts';
import { LAST_USED_RESOLUTION_SECONDS } from '../../../../src/domain/api-keys/api-key.ts';
import { InvalidToken } from '../../../../src/domain/identity/auth-errors.ts';
import { ApiKeyNotAllowed } from '../../../../src/domain/kernel/api-key-not-allowed.ts';
import { Forbidden, InvalidInput, NotFound } from '../../../../src/domain/kernel/errors.ts';
import { LeaseNotHeld } from '../../../../src/domain/runs/lease.ts';
import { fail } from '../../../support/fail.ts';
import { team, useCases } from '../../../support/test-container.ts';

/** The real secrets adapter, counting the hash comparisons an authentication makes. */
class CountingSecrets extends Sha256ApiKeySecrets {
  comparisons = 0;
  override matches(secret: string, hash: string): boolean {
    this.comparisons++;
    return super.matches(secret, hash);
  }
}

describe('API key use cases', () => {
  async function setup() {
    const app = await useCases({ doubles: { apiKeySecrets: new CountingSecrets() } });
    const { ada, bob, cyd, eve, workspaceId } = await team(app);
    const create = (role: 'admin' | 'member' = 'admin', expiresAt: Date | null = null) =>
      app.createApiKey(bob.principal, workspaceId, { name: 'worker', role, expiresAt }, '192.0.2.1');
    return { app, ada, bob, cyd, eve, workspaceId, create };
  }

  it('an admin creates a key, shown once, that authenticates as the workspace with its role', async () => {
    const { app, bob, workspaceId, create } = await setup();
    const { apiKey, key } = await create('member');
    expect(key).to.match(/^pk_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{43}$/);
    expect(key.slice(3, 25)).to.equal(apiKey.keyId);
    expect(apiKey.secretHash).not.to.include(key.slice(26));
    expect([apiKey.createdBy, apiKey.role, apiKey.name]).to.deep.equal([bob.user.id, 'member', 'worker']);
    expect(await app.authenticateApiKey(key)).to.deep.equal({
      kind: 'api_key',
      apiKeyId: apiKey.id,
      name: 'worker',
      workspaceId,
      role: 'member',
    });
    expect(app.auditLog.events.at(-1)).to.deep.include({
      type: 'api_key_created',
      userId: bob.user.id,
      sessionId: bob.principal.sessionId,
      ip: '192.0.2.1',
      details: { api_key_id: apiKey.id, workspace_id: workspaceId, role: 'member', name: 'worker' },
    });
  });

  it('members may not create, list or revoke keys; outsiders get NotFound; keys cannot create keys', async () => {
    const { app, cyd, eve, workspaceId, create } = await setup();
    const input = { name: 'x', role: 'admin' as const, expiresAt: null };
    expect(await fail(app.createApiKey(cyd.principal, workspaceId, input, 'ip'))).to.be.instanceOf(Forbidden);
    expect(await fail(app.listApiKeys(cyd.principal, workspaceId, { limit: 5 }))).to.be.instanceOf(Forbidden);
    expect(await fail(app.createApiKey(eve.principal, workspaceId, input, 'ip'))).to.be.instanceOf(NotFound);
    const { apiKey, key } = await create('admin');
    expect(await fail(app.revokeApiKey(eve.principal, workspaceId, apiKey.id, 'ip'))).to.be.instanceOf(
      NotFound,
    );
    const asKey = await app.authenticateApiKey(key);
    expect(await fail(app.createApiKey(asKey, workspaceId, input, 'ip'))).to.be.instanceOf(ApiKeyNotAllowed);
    expect(await fail(app.createApiKey(asKey, eve.personal.id, input, 'ip'))).to.be.instanceOf(NotFound);
  });

  it('refuses an expiry that is not in the future', async () => {
    const { app, create } = await setup();
    expect(await fail(create('admin', app.clock.now()))).to.be.instanceOf(InvalidInput);
  });

  it('lists the live keys; a revoked key stops authenticating at once and is revoked only once', async () => {
    const { app, ada, bob, workspaceId, create } = await setup();
    const first = await create();
    app.clock.advance(1);
    const second = await create();
    const listed = await app.listApiKeys(bob.principal, workspaceId, { limit: 10 });
    expect(listed.items.map((k) => k.id)).to.deep.equal([first.apiKey.id, second.apiKey.id]);

    await app.revokeApiKey(ada.principal, workspaceId, first.apiKey.id, '198.51.100.7');
    expect(await fail(app.authenticateApiKey(first.key))).to.be.instanceOf(InvalidToken);
    expect((await app.authenticateApiKey(second.key)).apiKeyId).to.equal(second.apiKey.id);
    expect(
      (await app.listApiKeys(bob.principal, workspaceId, { limit: 10 })).items.map((k) => k.id),
    ).to.deep.equal([second.apiKey.id]);
    expect(app.auditLog.events.at(-1)).to.deep.include({
      type: 'api_key_revoked',
      userId: ada.user.id,
      sessionId: ada.principal.sessionId,
      ip: '198.51.100.7',
      details: { api_key_id: first.apiKey.id, workspace_id: workspaceId },
    });
    expect(await fail(app.revokeApiKey(ada.principal, workspaceId, first.apiKey.id, 'ip'))).to.be.instanceOf(
      NotFound,
    );
  });

  it("a key revokes keys of its own workspace only (audited as the key); another workspace's key is NotFound", async () => {
    const { app, eve, workspaceId, create } = await setup();
    const admin = await app.authenticateApiKey((await create('admin')).key);
    const target = await create('member');
    const elsewhere = await app.createApiKey(
      eve.principal,
      eve.personal.id,
      { name: 'e', role: 'admin', expiresAt: null },
      'ip',
    );
    expect(
      await fail(app.revokeApiKey(eve.principal, eve.personal.id, target.apiKey.id, 'ip')),
    ).to.be.instanceOf(NotFound);
    expect(await fail(app.revokeApiKey(admin, eve.personal.id, elsewhere.apiKey.id, 'ip'))).to.be.instanceOf(
      NotFound,
    );
    await app.revokeApiKey(admin, workspaceId, target.apiKey.id, 'ip');
    expect(app.auditLog.events.at(-1)).to.deep.include({ userId: null, sessionId: null });
    expect(app.auditLog.events.at(-1)?.details).to.deep.equal({
      by_api_key_id: admin.apiKeyId,
      api_key_id: target.apiKey.id,
      workspace_id: workspaceId,
    });
  });

  it('an expired key stops authenticating at its expiry', async () => {
    const { app, create } = await setup();
    const { key } = await create('admin', new Date(app.clock.now().getTime() + 60_000));
    app.clock.advance(59);
    await app.authenticateApiKey(key);
    app.clock.advance(1);
    expect(await fail(app.authenticateApiKey(key))).to.be.instanceOf(InvalidToken);
  });

  it('malformed, unknown and wrong keys are one InvalidToken; an unknown key id still costs one comparison', async () => {
    const { app, create } = await setup();
    const secrets = app.apiKeySecrets as CountingSecrets;
    const { key } = await create();
    const wrongSecret = `${key.slice(0, 26)}${key.at(26) === 'A' ? 'B' : 'A'}${key.slice(27)}`;
    const unknownId = `pk_${'A'.repeat(22)}${key.slice(25)}`;
    for (const [label, credential, comparisons] of [
      ['malformed', 'pk_short', 0],
      ['wrong secret', wrongSecret, 1],
      ['unknown key id', unknownId, 1],
    ] as const) {
      const before = secrets.comparisons;
      const error = await fail(app.authenticateApiKey(credential));
      expect(error, label).to.be.instanceOf(InvalidToken);
      expect(secrets.comparisons - before, label).to.equal(comparisons);
    }
  });

  it('records last use at most once per interval, however many requests', async () => {
    const { app, bob, workspaceId, create } = await setup();
    const { apiKey, key } = await create();
    const lastUsed = async () =>
      (await app.listApiKeys(bob.principal, workspaceId, { limit: 5 })).items.find((k) => k.id === apiKey.id)
        ?.lastUsedAt;
    const t0 = app.clock.now();
    await app.authenticateApiKey(key);
    expect(await lastUsed()).to.deep.equal(t0);
    app.clock.advance(LAST_USED_RESOLUTION_SECONDS - 1);
    await app.authenticateApiKey(key);
    expect(await lastUsed()).to.deep.equal(t0);
    app.clock.advance(1);
    await app.authenticateApiKey(key);
    expect(await lastUsed()).to.deep.equal(app.clock.now());
  });

  it('a run claimed with a key is held by the key: another key, or the session of its creator, is LeaseNotHeld', async () => {
    const { app, bob, workspaceId, create } = await setup();
    const worker = await app.authenticateApiKey((await create()).key);
    const rival = await app.authenticateApiKey((await create()).key);
    const mission = await app.createMission(bob.principal, { workspaceId, name: 'm' });
    const run = await app.startRun(bob.principal, mission.id, {});
    const claimed = await app.claimRun(worker, { workspaceId });
    expect([claimed?.id, claimed?.leaseOwner]).to.deep.equal([run.id, worker.apiKeyId]);
    for (const other of [rival, bob.principal]) {
      expect(await fail(app.heartbeatRun(other, run.id, {}))).to.be.instanceOf(LeaseNotHeld);
      expect(await fail(app.completeRun(other, run.id, { status: 'succeeded' }))).to.be.instanceOf(
        LeaseNotHeld,
      );
    }
    expect((await app.completeRun(worker, run.id, { status: 'succeeded' })).status).to.equal('succeeded');
  });

  it('keys act only in their workspace; people-only use cases answer ApiKeyNotAllowed', async () => {
    const { app, ada, eve, workspaceId, create } = await setup();
    const member = await app.authenticateApiKey((await create('member')).key);
    const admin = await app.authenticateApiKey((await create('admin')).key);
    expect((await app.getWorkspace(member, workspaceId)).role).to.equal('member');
    expect(await fail(app.getWorkspace(member, eve.personal.id))).to.be.instanceOf(NotFound);
    expect(await fail(app.createMission(member, { workspaceId, name: 'm' }))).to.be.instanceOf(Forbidden);
    const mission = await app.createMission(admin, { workspaceId, name: 'm' });
    expect(await fail(app.renameWorkspace(admin, workspaceId, { name: 'x' }))).to.be.instanceOf(Forbidden);
    expect(await fail(app.removeMember(admin, workspaceId, ada.user.id))).to.be.instanceOf(Forbidden);
    const page = await app.listWorkspaces(member, { limit: 50 });
    expect(page.items.map((v) => [v.workspace.id, v.role])).to.deep.equal([[workspaceId, 'member']]);
    expect(await app.getCurrentUser(member)).to.deep.equal({ kind: 'api_key', apiKey: member });
    for (const call of [
      app.createWorkspace(admin, { name: 'x' }),
      app.logOut(admin, 'ip'),
      app.listSessions(admin),
      app.revokeSession(admin, mission.id, 'ip'),
      app.revokeAllSessions(admin, 'ip'),
    ]) {
      expect(await fail(call)).to.be.instanceOf(ApiKeyNotAllowed);
    }
  });
});
