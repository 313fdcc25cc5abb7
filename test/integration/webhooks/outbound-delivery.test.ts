import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { api } from '../../support/api.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';
import { ownerWithMission, type WebhookOwner } from '../../support/webhook-fixture.ts';
import { startReceiver, status } from '../../support/webhook-receiver.ts';

/** The retry schedule shortened through configuration: the production code path, with 1 s waits. */
const FAST = {
  OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true',
  OUTBOUND_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1',
  OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: '100',
};

async function finishRun(app: TestApp, owner: WebhookOwner, outcome: 'succeeded' | 'failed' | 'cancelled') {
  const run = await api(app, owner.user, 'POST', `/api/missions/${owner.missionId}/runs`, {
    input: { outcome },
  });
  if (outcome === 'cancelled')
    return (await api(app, owner.user, 'POST', `/api/runs/${run.body.id}/cancel`)).body;
  const claimed = await api(app, owner.user, 'POST', '/api/runs/claim', { workspace_id: owner.workspaceId });
  const body =
    outcome === 'failed' ? { status: outcome, error: { message: 'it broke' } } : { status: outcome };
  return (await api(app, owner.user, 'POST', `/api/runs/${claimed.body.id}/complete`, body)).body;
}

async function endpointFor(app: TestApp, owner: WebhookOwner, url: string) {
  const created = await api(
    app,
    owner.user,
    'POST',
    `/api/workspaces/${owner.workspaceId}/webhook-endpoints`,
    {
      url,
      event_types: ['run.succeeded', 'run.failed', 'run.cancelled'],
    },
  );
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return created.body as { id: string; signing_secret: string };
}

const messagesOf = async (app: TestApp, owner: WebhookOwner, endpointId: string) =>
  (await api(app, owner.user, 'GET', `/api/webhook-endpoints/${endpointId}/messages`)).body.items;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('outbound webhook delivery to a real receiver on loopback (PostgreSQL)', () => {
  let app: TestApp;
  let owner: WebhookOwner;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    app = await startTestApp(FAST);
    app.container.cradle.webhookDispatcher.start();
    owner = await ownerWithMission(app);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await app.container.cradle.webhookDispatcher.stop();
    await app.close();
    await receiver.close();
  });

  it('sends one message per run outcome, each accepted by the standardwebhooks verifier', async () => {
    const endpoint = await endpointFor(app, owner, receiver.url);
    const runs = [
      await finishRun(app, owner, 'succeeded'),
      await finishRun(app, owner, 'failed'),
      await finishRun(app, owner, 'cancelled'),
    ];
    const got = await receiver.waitFor(3);
    const verifier = new Webhook(endpoint.signing_secret);
    const events = got.map(
      (r) =>
        verifier.verify(r.body, r.headers as Record<string, string>) as {
          type: string;
          data: { run: { id: string; status: string } };
        },
    );
    expect(events.map((e) => [e.type, e.data.run.id, e.data.run.status])).to.have.deep.members([
      ['run.succeeded', runs[0].id, 'succeeded'],
      ['run.failed', runs[1].id, 'failed'],
      ['run.cancelled', runs[2].id, 'cancelled'],
    ]);
    const listed = await until(
      () => messagesOf(app, owner, endpoint.id),
      (items) => items.every((m: { status: string }) => m.status === 'delivered'),
    );
    expect(
      listed.map((m: { attempts: { response_status: number }[] }) =>
        m.attempts.map((a) => a.response_status),
      ),
    ).to.deep.equal([[204], [204], [204]]);
  });

  it('retries a receiver failing three times, with the same webhook-id, and delivers on the fourth attempt', async () => {
    const endpoint = await endpointFor(app, owner, receiver.url);
    receiver.reply(status(500), status(502), status(429));
    await finishRun(app, owner, 'succeeded');
    const got = await receiver.waitFor(4);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).to.equal(1);
    for (let i = 1; i < 4; i++) expect(got[i]!.at.getTime() - got[i - 1]!.at.getTime()).to.be.at.least(900);
    const [message] = await until(
      () => messagesOf(app, owner, endpoint.id),
      ([m]) => m?.status === 'delivered',
    );
    expect(
      message.attempts.map((a: { response_status: number; outcome: string }) => [
        a.response_status,
        a.outcome,
      ]),
    ).to.deep.equal([
      [500, 'failed'],
      [502, 'failed'],
      [429, 'failed'],
      [204, 'succeeded'],
    ]);
    for (const attempt of message.attempts) expect(attempt.duration_ms).to.be.a('number');
  });

  it('disables the endpoint when the receiver answers 410 Gone', async () => {
    const endpoint = await endpointFor(app, owner, receiver.url);
    receiver.reply(status(410));
    await finishRun(app, owner, 'failed');
    const read = await until(
      async () => (await api(app, owner.user, 'GET', `/api/webhook-endpoints/${endpoint.id}`)).body,
      (e) => e.enabled === false,
    );
    expect(read).to.include({ enabled: false, disabled_reason: 'gone' });
    const [message] = await messagesOf(app, owner, endpoint.id);
    expect(message.status).to.equal('failed');
  });
});

describe('outbound webhook delivery: refusals and several instances (PostgreSQL)', () => {
  it('refuses a loopback target unless OUTBOUND_WEBHOOKS_ALLOW_PRIVATE, and logs why', async () => {
    const receiver = await startReceiver();
    const app = await startTestApp({ OUTBOUND_WEBHOOK_RETRY_SCHEDULE: '60' });
    try {
      const owner = await ownerWithMission(app);
      const endpoint = await endpointFor(app, owner, receiver.url);
      await finishRun(app, owner, 'succeeded');
      await app.container.cradle.webhookDispatcher.drain();
      const [message] = await messagesOf(app, owner, endpoint.id);
      expect(message.status).to.equal('pending');
      expect(message.attempts[0]).to.deep.include({ response_status: null, outcome: 'failed' });
      expect(message.attempts[0].error).to.equal('refused: not a public address');
      expect(receiver.received).to.have.lengthOf(0);
    } finally {
      await app.close();
      await receiver.close();
    }
  });

  it('two instances on one database never send the same attempt twice', async () => {
    const receiver = await startReceiver();
    const first = await startTestApp(FAST);
    const second = await startTestApp(FAST);
    try {
      const owner = await ownerWithMission(first);
      await endpointFor(first, owner, receiver.url);
      // Slow answers widen the window in which the other instance could take a message in flight.
      for (let i = 0; i < 40; i++)
        receiver.reply((_req, res) => setTimeout(() => res.writeHead(200).end(), 20));
      for (let i = 0; i < 20; i++) await finishRun(first, owner, i % 2 === 0 ? 'succeeded' : 'cancelled');
      const rounds = async (app: TestApp) => {
        for (let i = 0; i < 10; i++) await app.container.cradle.dispatchWebhookMessages();
      };
      await Promise.all([rounds(first), rounds(second), rounds(first), rounds(second)]);
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).to.have.lengthOf(20);
      expect(new Set(ids).size).to.equal(20);
    } finally {
      await first.close();
      await second.close();
      await receiver.close();
    }
  });
});
