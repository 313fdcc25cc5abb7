import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { WebhookMessage } from '../../../src/domain/webhooks/webhook-message.ts';
import { api } from '../../support/api.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';
import { testDatabase } from '../../support/test-database.ts';
import { ownerWithMission, type WebhookOwner } from '../../support/webhook-fixture.ts';
import { startReceiver, status } from '../../support/webhook-receiver.ts';

async function endpointFor(app: TestApp, owner: WebhookOwner, url: string): Promise<string> {
  const created = await api(
    app,
    owner.user,
    'POST',
    `/api/workspaces/${owner.workspaceId}/webhook-endpoints`,
    {
      url,
      event_types: ['run.succeeded'],
    },
  );
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return created.body.id;
}

async function queueMessages(
  app: TestApp,
  owner: WebhookOwner,
  endpointId: string,
  count: number,
): Promise<void> {
  const now = new Date();
  await app.container.cradle.webhookMessages.add(
    Array.from({ length: count }, () =>
      WebhookMessage.create({
        id: randomUUID(),
        endpointId,
        workspaceId: owner.workspaceId,
        eventType: 'run.succeeded',
        payload: { n: 1 },
        createdAt: now,
      }),
    ),
  );
}

describe('outbound dispatch: a pool, fair between workspaces, endpoints disabled after failing in a row', () => {
  let app: TestApp;
  let tarpit: Server;
  let tarpitUrl: string;

  before(async () => {
    // Accepts every request and never answers: each attempt takes its whole timeout.
    tarpit = createServer(() => {});
    await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
    tarpitUrl = `http://127.0.0.1:${(tarpit.address() as AddressInfo).port}/slow`;
  });
  after(async () => {
    tarpit.closeAllConnections();
    await new Promise((resolve) => tarpit.close(resolve));
  });
  afterEach(async () => {
    await app?.container.cradle.webhookDispatcher.stop();
    await app?.close();
  });

  it("delivers one workspace's message at once while another's 150 messages hang on endpoints that never answer", async () => {
    app = await startTestApp({
      OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true',
      OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: '100',
    });
    const noisy = await ownerWithMission(app);
    const tarpitted: string[] = [];
    for (let i = 0; i < 5; i++) tarpitted.push(await endpointFor(app, noisy, tarpitUrl));
    for (const endpointId of tarpitted) await queueMessages(app, noisy, endpointId, 30);
    const quiet = await ownerWithMission(app);
    const receiver = await startReceiver();
    try {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the quiet message is due after all 150
      await queueMessages(app, quiet, await endpointFor(app, quiet, receiver.url), 1);
      const started = Date.now();
      app.container.cradle.webhookDispatcher.start();
      await receiver.waitFor(1, 10_000);
      const latency = Date.now() - started;
      console.log(`      the quiet workspace's message arrived after ${latency} ms`);
      expect(latency).to.be.below(3000);
      // The noisy workspace holds at most its share of the pool.
      expect(app.container.cradle.webhookDispatcher.inFlight).to.be.at.most(16);
    } finally {
      await receiver.close();
      const stopping = app.container.cradle.webhookDispatcher.stop();
      tarpit.closeAllConnections();
      await stopping;
      // Their messages go with them: no later dispatcher on this database waits on the tarpit.
      for (const endpointId of tarpitted)
        await api(app, noisy.user, 'DELETE', `/api/webhook-endpoints/${endpointId}`);
    }
  });

  it('disables an endpoint after N failed attempts in a row, with an endpoint.disabled audit event', async () => {
    app = await startTestApp({
      OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: 'true',
      OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: '0',
      OUTBOUND_WEBHOOK_DISABLE_AFTER_FAILURES: '3',
    });
    const owner = await ownerWithMission(app);
    const receiver = await startReceiver();
    try {
      receiver.reply(status(500), status(204), status(500), status(500), status(500));
      const endpointId = await endpointFor(app, owner, receiver.url);
      const dispatcher = app.container.cradle.webhookDispatcher;
      for (let i = 0; i < 5; i++) {
        await queueMessages(app, owner, endpointId, 1);
        await dispatcher.drain();
      }
      // 500, 204 (the run of failures starts again), 500, 500, 500: disabled at the fifth.
      expect(receiver.received).to.have.lengthOf(5);
      const endpoint = (await api(app, owner.user, 'GET', `/api/webhook-endpoints/${endpointId}`)).body;
      expect(endpoint).to.deep.include({ enabled: false, disabled_reason: 'failing' });
      const { db } = await testDatabase();
      const audited = await db.query<{ details: Record<string, unknown> }>(
        `select details from audit_events where type = 'endpoint.disabled' and details ->> 'endpoint_id' = $1`,
        [endpointId],
      );
      expect(audited).to.have.lengthOf(1);
      expect(audited[0]?.details).to.deep.include({ workspace_id: owner.workspaceId, reason: 'failing' });
      // Enabled again, it starts a new run of failures.
      const enabled = await api(app, owner.user, 'PATCH', `/api/webhook-endpoints/${endpointId}`, {
        enabled: true,
      });
      expect(enabled.body).to.deep.include({ enabled: true, disabled_reason: null });
    } finally {
      await receiver.close();
    }
  });
});
