import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { WebhookEndpoint } from '../../../src/domain/webhooks/webhook-endpoint.ts';
import { WebhookMessage } from '../../../src/domain/webhooks/webhook-message.ts';
import { at, describeContract, postgresWorld, seedUser, T0 } from '../../support/persistence-world.ts';
import { attemptOf, endpointsOf, newMessages } from '../../support/webhook-endpoint-fixtures.ts';

describeContract('WebhookMessageRepository', (world) => {
  const newEndpoint = endpointsOf(world);

  it('leases due messages once: a second claim gets others, and the first again only after the lease', async () => {
    const endpoint = await newEndpoint();
    await newMessages(world, endpoint, 3);
    const first = await world.webhookMessages.claimDue(at(10), { limit: 2, leaseSeconds: 60 });
    const second = await world.webhookMessages.claimDue(at(10), { limit: 5, leaseSeconds: 60 });
    expect(first).to.have.lengthOf(2);
    expect(second).to.have.lengthOf(1);
    expect(new Set([...first, ...second].map((l) => l.message.id)).size).to.equal(3);
    expect(await world.webhookMessages.claimDue(at(69), { limit: 5, leaseSeconds: 60 })).to.have.lengthOf(0);
    expect(await world.webhookMessages.claimDue(at(70), { limit: 5, leaseSeconds: 60 })).to.have.lengthOf(3);
  });

  it('records an attempt only under the lease that holds the message', async () => {
    const endpoint = await newEndpoint();
    const [message] = await newMessages(world, endpoint, 1);
    const [stale] = await world.webhookMessages.claimDue(at(1), { limit: 1, leaseSeconds: 5 });
    const [fresh] = await world.webhookMessages.claimDue(at(7), { limit: 1, leaseSeconds: 5 });
    if (!stale || !fresh || !message) throw new Error('claims found nothing');
    stale.message.recordAttempt(attemptOf(message, 500, 1), [5]);
    expect(
      await world.webhookMessages.recordAttempt(stale.message, attemptOf(message, 500, 1), stale.lease),
    ).to.equal(false);
    fresh.message.recordAttempt(attemptOf(message, 200, 7), [5]);
    expect(
      await world.webhookMessages.recordAttempt(fresh.message, attemptOf(message, 200, 7), fresh.lease),
    ).to.equal(true);
    const [listed] = (await world.webhookMessages.listForEndpoint(endpoint.id, { limit: 10 })).items;
    expect(listed?.message.status).to.equal('delivered');
    expect(listed?.attempts.map((x) => x.responseStatus)).to.deep.equal([200]);
    expect(await world.webhookMessages.claimDue(at(100), { limit: 5, leaseSeconds: 5 })).to.have.lengthOf(0);
  });

  it('skips messages of disabled endpoints and lists newest first a page at a time; deleting takes them along', async () => {
    const endpoint = await newEndpoint();
    await newMessages(world, endpoint, 3);
    const page1 = await world.webhookMessages.listForEndpoint(endpoint.id, { limit: 2 });
    expect(page1.items.map((m) => m.message.payload.n)).to.deep.equal([2, 1]);
    const page2 = await world.webhookMessages.listForEndpoint(endpoint.id, {
      limit: 2,
      after: page1.next ?? undefined,
    });
    expect(page2.items.map((m) => m.message.payload.n)).to.deep.equal([0]);
    endpoint.update({ enabled: false }, at(1));
    await world.webhookEndpoints.save(endpoint);
    expect(await world.webhookMessages.claimDue(at(10), { limit: 5, leaseSeconds: 5 })).to.have.lengthOf(0);
    await world.webhookEndpoints.delete(endpoint.id);
    expect(await world.webhookEndpoints.findById(endpoint.id)).to.equal(undefined);
    expect((await world.webhookMessages.listForEndpoint(endpoint.id, { limit: 5 })).items).to.deep.equal([]);
  });
});

describe('WebhookMessageRepository on PostgreSQL: concurrent claims', () => {
  it('hands every message to exactly one of many concurrent claims (FOR UPDATE SKIP LOCKED)', async () => {
    const world = await postgresWorld();
    const { webhookEndpoints: endpoints, webhookMessages: messages } = world;
    const { workspace } = await seedUser(world);
    const endpoint = WebhookEndpoint.create(
      {
        id: randomUUID(),
        workspaceId: workspace.id,
        url: 'https://hooks.example/',
        eventTypes: ['run.failed'],
        signingSecret: 'whsec_x1234567',
      },
      T0,
    );
    await endpoints.add(endpoint);
    const ids: string[] = Array.from({ length: 60 }, () => randomUUID());
    await messages.add(
      ids.map((id) =>
        WebhookMessage.create({
          id,
          endpointId: endpoint.id,
          workspaceId: workspace.id,
          eventType: 'run.failed',
          payload: {},
          createdAt: T0,
        }),
      ),
    );
    try {
      const claims = await Promise.all(
        Array.from({ length: 8 }, () => messages.claimDue(at(1), { limit: 10, leaseSeconds: 60 })),
      );
      const claimed = claims.flat().map((l) => l.message.id);
      expect(claimed).to.have.lengthOf(new Set(claimed).size);
      expect(claimed.filter((id) => ids.includes(id))).to.have.lengthOf(60);
    } finally {
      // Due again at once (leased in the past): other tests' dispatchers would keep sending them.
      await endpoints.delete(endpoint.id);
    }
  });
});
