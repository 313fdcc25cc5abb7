import { expect } from 'chai';
import { api, withKey } from '../../support/api.ts';
import { suiteApp, suiteUser, workspaceOverHttp } from '../../support/http-suite.ts';
import { testDatabase } from '../../support/test-database.ts';
import { createTrigger } from '../../support/webhook-fixture.ts';

/** Issue 26, item 3: the audit API over HTTP on PostgreSQL, and no secret in any stored event. */
describe('audit API (GET /api/workspaces/{id}/audit-events, GET /api/auth/audit-events)', function () {
  this.timeout(60000);
  // No grace period: the rotated refresh token presented again is a reuse at once.
  const app = suiteApp({ REFRESH_GRACE_SECONDS: '0' });
  const owner = suiteUser(app);
  const admin = suiteUser(app);
  const member = suiteUser(app);
  const outsider = suiteUser(app);

  it('lists what happened to a workspace for its owners and admins, filters it, pages it, and stores no secret', async () => {
    const secrets: string[] = [owner.password, admin.password, owner.accessToken, owner.refreshToken];
    const workspace = await workspaceOverHttp(app, owner, 'Audited', [
      [admin, 'admin'],
      [member, 'member'],
    ]);
    const mission = await api(app, owner, 'POST', '/api/missions', { workspace_id: workspace.id, name: 'm' });
    const trigger = await createTrigger(
      app,
      { user: admin, workspaceId: workspace.id, missionId: mission.body.id },
      { signature_scheme: 'github', signing_secret: 'github-provider-secret-42' },
    );
    secrets.push('github-provider-secret-42', trigger.signing_secret, trigger.webhook_path);
    const rotated = await api(app, admin, 'POST', `/api/triggers/${trigger.id}/rotate-secret`, {});
    expect(rotated.status).to.equal(200);
    secrets.push(rotated.body.signing_secret);
    const endpoint = await api(app, admin, 'POST', `/api/workspaces/${workspace.id}/webhook-endpoints`, {
      url: 'https://receiver.example/hooks?token=endpoint-url-token-42',
      event_types: ['run.succeeded'],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(201);
    secrets.push(endpoint.body.signing_secret, 'endpoint-url-token-42');
    const endpointRotated = await api(
      app,
      admin,
      'POST',
      `/api/webhook-endpoints/${endpoint.body.id}/rotate-secret`,
    );
    secrets.push(endpointRotated.body.signing_secret);
    const key = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/api-keys`, {
      name: 'ci',
      role: 'admin',
    });
    secrets.push(key.body.key);
    expect(
      (
        await api(
          app,
          withKey(key.body.key),
          'DELETE',
          `/api/workspaces/${workspace.id}/api-keys/${key.body.id}`,
        )
      ).status,
    ).to.equal(204);
    expect(
      (
        await api(app, owner, 'PATCH', `/api/workspaces/${workspace.id}/members/${member.userId}`, {
          role: 'admin',
        })
      ).status,
    ).to.equal(200);
    // A failed login, a refresh and a reuse of the rotated token: security events of the owner's own.
    const wrong = `${owner.password}-wrong`;
    secrets.push(wrong);
    expect(
      (
        await api(app, undefined, 'POST', '/api/auth/login', {
          username_or_email: owner.username,
          password: wrong,
        })
      ).status,
    ).to.equal(401);
    const refreshed = await api(app, undefined, 'POST', '/api/auth/refresh', {
      refresh_token: owner.refreshToken,
    });
    expect(refreshed.status).to.equal(200);
    secrets.push(refreshed.body.access_token, refreshed.body.refresh_token);
    expect(
      (await api(app, undefined, 'POST', '/api/auth/refresh', { refresh_token: owner.refreshToken })).status,
    ).to.equal(401);

    const path = `/api/workspaces/${workspace.id}/audit-events`;
    const all = await api(app, admin, 'GET', `${path}?limit=200`);
    expect(all.status).to.equal(200);
    expect(all.body.next_cursor).to.equal(null);
    const actions = all.body.items.map((event: { action: string }) => event.action);
    expect(actions.slice(0, 8)).to.deep.equal([
      'member_role_changed',
      'api_key_revoked',
      'api_key_created',
      'webhook_endpoint_secret_rotated',
      'webhook_endpoint_created',
      'trigger_secret_rotated',
      'trigger_created',
      'mission_created',
    ]);
    const revoked = all.body.items[1];
    expect(revoked).to.deep.include({
      action: 'api_key_revoked',
      actor: { type: 'api_key', id: key.body.id },
      target: { type: 'api_key', id: key.body.id },
      workspace_id: workspace.id,
    });
    expect(revoked.context).to.have.keys(['ip', 'session_id']);
    expect(Date.parse(revoked.occurred_at)).to.be.a('number').and.not.NaN;
    expect(all.body.items[6]).to.deep.include({
      actor: { type: 'user', id: admin.userId },
      target: { type: 'trigger', id: trigger.id },
      details: { mission_id: mission.body.id, signature_scheme: 'github' },
    });

    const only = async (query: string) => {
      const answer = await api(app, admin, 'GET', `${path}?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return answer.body.items.map((event: { action: string }) => event.action);
    };
    expect(await only('action=trigger_created')).to.deep.equal(['trigger_created']);
    expect(await only(`target_type=trigger&target_id=${trigger.id}`)).to.deep.equal([
      'trigger_secret_rotated',
      'trigger_created',
    ]);
    expect(await only(`actor_id=${key.body.id}`)).to.deep.equal(['api_key_revoked']);
    const since = new Date(Date.parse(all.body.items[0].occurred_at)).toISOString();
    expect(await only(`since=${encodeURIComponent(since)}`)).to.include('member_role_changed');
    expect(await only(`until=${encodeURIComponent(since)}`)).to.not.include('member_role_changed');

    const first = await api(app, admin, 'GET', `${path}?limit=3`);
    const second = await api(app, admin, 'GET', `${path}?limit=3&cursor=${first.body.next_cursor}`);
    expect(
      [...first.body.items, ...second.body.items].map((event: { id: string }) => event.id),
    ).to.deep.equal(all.body.items.slice(0, 6).map((event: { id: string }) => event.id));

    for (const query of [
      'action=nope',
      'since=yesterday',
      'target_type=secret',
      'cursor=!!',
      'actor_id=ABC',
      'extra=1',
    ]) {
      const bad = await api(app, admin, 'GET', `${path}?${query}`);
      expect(bad.status, query).to.equal(400);
      expect(bad.headers.get('content-type')).to.match(/^application\/problem\+json/);
    }
    expect((await api(app, member, 'GET', path)).status).to.equal(200); // promoted to admin above
    expect((await api(app, outsider, 'GET', path)).status).to.equal(404);

    // The reuse ended the owner's login session: a new one reads the owner's own events.
    const again = await api(app, undefined, 'POST', '/api/auth/login', {
      username_or_email: owner.username,
      password: owner.password,
    });
    secrets.push(again.body.access_token, again.body.refresh_token);
    const ownerNow = { auth: { authorization: `Bearer ${again.body.access_token}` } };
    const own = await api(app, ownerNow, 'GET', '/api/auth/audit-events?limit=200');
    expect(own.status).to.equal(200);
    const ownActions = own.body.items.map((event: { action: string }) => event.action);
    expect(ownActions).to.include.members([
      'login_failed',
      'refresh_reuse_detected',
      'login_succeeded',
      'api_key_created',
    ]);
    expect(
      own.body.items.every((event: { actor: { id: string | null } }) => event.actor.id === owner.userId),
    ).to.equal(true);
    const failed = await api(app, ownerNow, 'GET', '/api/auth/audit-events?action=login_failed');
    expect(failed.body.items).to.have.length(1);
    expect(failed.body.items[0].details).to.deep.equal({ reason: 'wrong_password' });
    const keyCall = await api(app, withKey(key.body.key), 'GET', '/api/auth/audit-events');
    expect(keyCall.status).to.equal(401); // revoked above

    // Every stored event, every column, as text: none of the secrets this test made is in any of them.
    const { db } = await testDatabase();
    const rows = await db.query<{ row: string }>('select row_to_json(a)::text as row from audit_events a');
    const stored = rows.map((row) => row.row).join('\n');
    for (const secret of secrets) {
      expect(secret.length).to.be.above(8);
      expect(stored.includes(secret), `a secret of ${secret.length} characters was stored`).to.equal(false);
    }
  });

  it('records mission and schedule changes in their transaction, with field names and never their inputs', async () => {
    const secrets = ['mission-definition-secret-42', 'schedule-input-secret-42', 'schedule-input-secret-43'];
    // The owner's session ended with the reuse above: the member of that test owns this workspace.
    const workspace = await workspaceOverHttp(app, member, 'Scheduled', [[admin, 'admin']]);
    const mission = await api(app, admin, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'nightly',
      definition: { token: secrets[0] },
    });
    expect(mission.status).to.equal(201);
    const missionPath = `/api/missions/${mission.body.id}`;
    expect(
      (await api(app, admin, 'PATCH', missionPath, { definition: { token: `${secrets[0]}!` } })).status,
    ).to.equal(200);
    const schedule = await api(app, admin, 'POST', '/api/schedules', {
      mission_id: mission.body.id,
      name: 'at two',
      cron: '0 2 * * *',
      input: { api_key: secrets[1] },
    });
    expect(schedule.status).to.equal(201);
    const schedulePath = `/api/schedules/${schedule.body.id}`;
    const patched = await api(app, admin, 'PATCH', schedulePath, {
      input: { api_key: secrets[2] },
      enabled: false,
    });
    expect(patched.status).to.equal(200);
    // A change refused (a bad cron) leaves no event; a mission with a schedule's runs is deleted after it.
    expect((await api(app, admin, 'PATCH', schedulePath, { cron: 'not a cron' })).status).to.equal(400);
    expect((await api(app, admin, 'DELETE', schedulePath)).status).to.equal(204);
    expect((await api(app, admin, 'DELETE', missionPath)).status).to.equal(204);

    const events = await api(app, member, 'GET', `/api/workspaces/${workspace.id}/audit-events?limit=50`);
    const shown = events.body.items
      .filter((e: { action: string }) => /^(mission|schedule)_/.test(e.action))
      .map((e: { action: string; target: unknown; details: unknown; actor: { id: string } }) => [
        e.action,
        e.target,
        e.details,
        e.actor.id,
      ]);
    const m = { type: 'mission', id: mission.body.id };
    const sc = { type: 'schedule', id: schedule.body.id };
    expect(shown).to.deep.equal([
      ['mission_deleted', m, {}, admin.userId],
      ['schedule_deleted', sc, {}, admin.userId],
      ['schedule_updated', sc, { fields: 'enabled,input' }, admin.userId],
      ['schedule_created', sc, { mission_id: mission.body.id }, admin.userId],
      ['mission_updated', m, { fields: 'definition' }, admin.userId],
      ['mission_created', m, {}, admin.userId],
    ]);
    const { db } = await testDatabase();
    const rows = await db.query<{ row: string }>('select row_to_json(a)::text as row from audit_events a');
    const stored = rows.map((row) => row.row).join('\n');
    for (const secret of secrets) expect(stored.includes(secret), secret).to.equal(false);
  });

  it('answers an API key on /api/auth/audit-events with 403 api_key_not_allowed', async () => {
    const [personal] = (await api(app, outsider, 'GET', '/api/auth/me')).body.workspaces;
    const key = await api(app, outsider, 'POST', `/api/workspaces/${personal.id}/api-keys`, {
      name: 'k',
      role: 'admin',
    });
    const answer = await api(app, withKey(key.body.key), 'GET', '/api/auth/audit-events');
    expect(answer.status).to.equal(403);
    expect(answer.body.code).to.equal('api_key_not_allowed');
  });
});
