import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { api } from '../../support/api.ts';
import { json } from '../../support/json.ts';
import { joinWorkspaceOverHttp } from '../../support/members.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';
import {
  createTrigger,
  deliver,
  ownerWithMission,
  type WebhookOwner,
} from '../../support/webhook-fixture.ts';

describe('trigger management over HTTP: secrets and access', () => {
  const logLines: string[] = [];
  const bodies: { where: string; text: string }[] = [];
  let app: TestApp;
  let owner: WebhookOwner;
  let outsider: SignedUp;
  let member: SignedUp;

  before(async () => {
    // Every level, no redaction: the test is that no code path hands a secret to the logger at all.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await startTestApp({}, { logger: pino({ level: 'trace' }, sink) });
    owner = await ownerWithMission(app);
    outsider = await signUp(app);
    member = await signUp(app);
    await joinWorkspaceOverHttp(app, owner.user, owner.workspaceId, member, 'member');
  });
  after(() => app?.close());

  /** An API call whose answer body is kept for the leak check. */
  async function call(user: SignedUp, method: string, path: string, body?: unknown) {
    const response = await api(app, user, method, path, body);
    bodies.push({ where: `${method} ${path}`, text: JSON.stringify(response.body ?? null) });
    return response;
  }

  it('shows the signing secret only in the creation and rotation answers, and never logs it', async () => {
    const created = await createTrigger(app, owner, { name: 'Leak check' });
    const first = created.signing_secret as string;
    expect(first).to.match(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.webhook_url).to.equal(`${app.baseUrl}/api/triggers/webhook/${created.webhook_path}`);
    const id = created.id as string;

    await call(owner.user, 'GET', `/api/triggers/${id}`);
    await call(owner.user, 'GET', `/api/triggers?workspace_id=${owner.workspaceId}`);
    await call(owner.user, 'PATCH', `/api/triggers/${id}`, { name: 'Renamed', max_body_bytes: 4096 });
    const rotated = await api(app, owner.user, 'POST', `/api/triggers/${id}/rotate-secret`, {});
    expect(rotated.headers.get('cache-control')).to.equal('no-store');
    const second = rotated.body.signing_secret as string;
    expect(second)
      .to.match(/^whsec_/)
      .and.not.equal(first);
    await call(owner.user, 'POST', `/api/triggers/${id}/revoke-previous-secret`);

    // Senders' mistakes: the secret itself as the signature, in a bearer header, in a Signature list.
    const path = created.webhook_path as string;
    const mistakes: Record<string, string>[] = [
      { 'x-signature': second },
      { 'x-signature': `sha256=${second}` },
      { authorization: `Bearer ${second}`, 'x-signature': `${first},${second}` },
      { 'x-signature': 'sha256=00', 'x-api-key': second, 'x-webhook-secret': second },
    ];
    for (const headers of mistakes) {
      const response = await deliver(app, path, '{"n":1}', undefined, headers);
      expect(response.status).to.equal(401);
      bodies.push({ where: 'refused delivery', text: await response.text() });
    }
    const accepted = await deliver(app, path, '{"n":2}', second, { 'x-api-key': second, 'x-token': second });
    expect(accepted.status).to.equal(202);
    const receipt = await json(accepted);
    const delivery = await call(owner.user, 'GET', `/api/deliveries/${receipt.delivery_id}`);
    expect(delivery.body.request_headers).to.not.have.any.keys(
      'x-signature',
      'x-api-key',
      'x-token',
      'authorization',
    );
    await call(owner.user, 'GET', `/api/runs/${receipt.run_id}`);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the refusals' log entries are written after the answers
    await call(owner.user, 'GET', `/api/triggers/${id}/deliveries?limit=200`);
    await call(owner.user, 'GET', '/api/v2/openapi.json');

    expect(logLines.length).to.be.greaterThan(10);
    for (const secret of [first, second]) {
      for (const line of logLines) expect(line, 'a log line').to.not.include(secret.slice(6));
      for (const { where, text } of bodies) expect(text, where).to.not.include(secret.slice(6));
    }
  });

  it('answers 404 to another workspace on every trigger and delivery route, 403 to a member who manages', async () => {
    const trigger = await createTrigger(app, owner);
    const receipt = await json(await deliver(app, trigger.webhook_path, '{}', trigger.signing_secret));
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/triggers/${trigger.id}`],
      ['PATCH', `/api/triggers/${trigger.id}`, { enabled: false }],
      ['POST', `/api/triggers/${trigger.id}/rotate-secret`, {}],
      ['POST', `/api/triggers/${trigger.id}/revoke-previous-secret`],
      ['GET', `/api/triggers/${trigger.id}/deliveries`],
      ['GET', `/api/deliveries/${receipt.delivery_id}`],
      ['POST', `/api/deliveries/${receipt.delivery_id}/replay`],
      ['DELETE', `/api/triggers/${trigger.id}`],
    ];
    for (const [method, path, body] of routes) {
      const response = await call(outsider, method, path, body);
      expect(response.status, `${method} ${path}`).to.equal(404);
      expect(response.body.code).to.equal('not_found');
    }
    const listed = await call(outsider, 'GET', `/api/triggers?workspace_id=${owner.workspaceId}`);
    expect(listed.status).to.equal(404);
    const stolen = await call(outsider, 'POST', '/api/triggers', {
      mission_id: owner.missionId,
      name: 'mine',
    });
    expect(stolen.status).to.equal(404);

    for (const [method, path, body] of routes) {
      const response = await call(member, method, path, body);
      const reads = method === 'GET';
      expect(response.status, `${method} ${path}`).to.equal(reads ? 200 : 403);
    }
    expect((await call(owner.user, 'GET', `/api/triggers/${trigger.id}`)).body.enabled).to.equal(true);
  });

  it('validates requests: unknown fields, bad paths and limits are 400', async () => {
    const base = { mission_id: owner.missionId, name: 'v' };
    for (const body of [
      { ...base, secret: 'mine' },
      { ...base, webhook_path: 'short' },
      { ...base, webhook_path: 'has.dot-in-it' },
      { ...base, webhook_path: 'x'.repeat(106) },
      { ...base, max_body_bytes: 0 },
      { ...base, max_body_bytes: 16 * 1024 * 1024 + 1 },
      { name: 'no mission' },
    ]) {
      const response = await call(owner.user, 'POST', '/api/triggers', body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
    }
    const grace = await call(
      owner.user,
      'POST',
      '/api/triggers/00000000-0000-7000-8000-000000000000/rotate-secret',
      {
        grace_seconds: -1,
      },
    );
    expect(grace.status).to.equal(400);
  });

  it('answers a custom path with that prefix and a random part: no answer tells another tenant used it', async () => {
    const prefix = `deploys-${Date.now()}`;
    const theirs = await ownerWithMission(app);
    const created = [];
    for (const who of [owner, theirs, owner]) {
      const response = await call(who.user, 'POST', '/api/triggers', {
        mission_id: who.missionId,
        name: 'custom',
        webhook_path: prefix,
      });
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      expect(response.body.webhook_path).to.match(new RegExp(`^${prefix}-[A-Za-z0-9_-]{22}$`));
      expect(response.body.webhook_url).to.equal(
        `${app.baseUrl}/api/triggers/webhook/${response.body.webhook_path}`,
      );
      created.push(response.body);
    }
    expect(new Set(created.map((t) => t.webhook_path)).size).to.equal(3);
    expect((await call(owner.user, 'DELETE', `/api/triggers/${created[0].id}`)).status).to.equal(204);
    expect((await createTrigger(app, owner, { webhook_path: prefix })).webhook_path).to.not.equal(
      created[0].webhook_path,
    );
    const delivered = await deliver(app, created[1].webhook_path, '{}', created[1].signing_secret);
    expect(delivered.status).to.equal(202);
  });
});
