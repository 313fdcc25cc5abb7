import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { WebhookEndpointRepository } from '../../../src/application/webhooks/ports/webhook-endpoint-repository.ts';
import type { WebhookMessageRepository } from '../../../src/application/webhooks/ports/webhook-message-repository.ts';
import { WebhookEndpoint } from '../../../src/domain/webhooks/webhook-endpoint.ts';
import { WebhookEndpointChanged } from '../../../src/domain/webhooks/webhook-errors.ts';
import { WebhookMessage } from '../../../src/domain/webhooks/webhook-message.ts';
import { at, postgresWorld, seedUser, T0, WORLDS, type World } from '../../support/persistence-world.ts';

interface Adapters {
  readonly world: World;
  readonly endpoints: WebhookEndpointRepository;
  readonly messages: WebhookMessageRepository;
}

const ADAPTERS = WORLDS.map(
  ([adapter, makeWorld]) =>
    [
      adapter,
      async (): Promise<Adapters> => {
        const world = await makeWorld();
        return { world, endpoints: world.webhookEndpoints, messages: world.webhookMessages };
      },
    ] as const,
);

for (const [adapter, make] of ADAPTERS) {
  describe(`WebhookEndpointRepository and WebhookMessageRepository contract (${adapter})`, () => {
    let a: Adapters;
    let created: string[];
    beforeEach(async () => {
      a = await make();
      created = [];
    });
    // Due messages left in the shared database would be sent by other tests' dispatchers.
    afterEach(async () => {
      for (const id of created) await a.endpoints.delete(id);
    });

    async function newEndpoint(eventTypes = ['run.succeeded', 'run.failed'], createdAt = T0) {
      const { workspace } = await seedUser(a.world);
      const endpoint = WebhookEndpoint.create(
        {
          id: randomUUID(),
          workspaceId: workspace.id,
          url: 'https://hooks.example/in',
          eventTypes,
          signingSecret: `whsec_${randomBytes(32).toString('base64')}`,
        },
        createdAt,
      );
      await a.endpoints.add(endpoint);
      created.push(endpoint.id);
      return endpoint;
    }

    const newMessages = async (endpoint: WebhookEndpoint, count: number) => {
      const messages = Array.from({ length: count }, (_, i) =>
        WebhookMessage.create({
          id: randomUUID(),
          endpointId: endpoint.id,
          workspaceId: endpoint.workspaceId,
          eventType: 'run.succeeded',
          payload: { type: 'run.succeeded', n: i },
          createdAt: at(i),
        }),
      );
      await a.messages.add(messages);
      return messages;
    };

    const attemptOf = (message: WebhookMessage, status: number | null, seconds: number) => ({
      id: randomUUID(),
      messageId: message.id,
      attemptedAt: at(seconds),
      durationMs: 7,
      responseStatus: status,
      error: status === null ? 'connection failed: ECONNREFUSED' : null,
      outcome: status === 200 ? ('succeeded' as const) : ('failed' as const),
    });

    it('stores an endpoint field for field, secrets included, and finds the subscribed ones', async () => {
      const endpoint = await newEndpoint(['run.failed']);
      expect(await a.endpoints.findById(endpoint.id)).to.deep.equal(endpoint);
      expect(
        (await a.endpoints.subscribedTo(endpoint.workspaceId, 'run.failed')).map((e) => e.id),
      ).to.deep.equal([endpoint.id]);
      expect(await a.endpoints.subscribedTo(endpoint.workspaceId, 'run.succeeded')).to.deep.equal([]);
      endpoint.update({ enabled: false }, at(1));
      await a.endpoints.save(endpoint);
      expect(await a.endpoints.subscribedTo(endpoint.workspaceId, 'run.failed')).to.deep.equal([]);
    });

    it('saves only over the version it read (of two rotations one wins), and keeps the previous secret', async () => {
      const endpoint = await newEndpoint();
      const first = (await a.endpoints.findById(endpoint.id)) as WebhookEndpoint;
      const second = (await a.endpoints.findById(endpoint.id)) as WebhookEndpoint;
      first.rotateSecret('whsec_first', at(1));
      await a.endpoints.save(first);
      second.rotateSecret('whsec_second', at(2));
      let refused: unknown;
      await a.endpoints.save(second).catch((error: unknown) => {
        refused = error;
      });
      expect(refused).to.be.instanceOf(WebhookEndpointChanged);
      expect((await a.endpoints.findById(endpoint.id))?.activeSecrets(at(3))).to.deep.equal([
        'whsec_first',
        endpoint.signingSecret,
      ]);
    });

    it('leases due messages once: a second claim gets others, and the first again only after the lease', async () => {
      const endpoint = await newEndpoint();
      await newMessages(endpoint, 3);
      const first = await a.messages.claimDue(at(10), { limit: 2, leaseSeconds: 60 });
      const second = await a.messages.claimDue(at(10), { limit: 5, leaseSeconds: 60 });
      expect(first).to.have.lengthOf(2);
      expect(second).to.have.lengthOf(1);
      expect(new Set([...first, ...second].map((l) => l.message.id)).size).to.equal(3);
      expect(await a.messages.claimDue(at(69), { limit: 5, leaseSeconds: 60 })).to.have.lengthOf(0);
      expect(await a.messages.claimDue(at(70), { limit: 5, leaseSeconds: 60 })).to.have.lengthOf(3);
    });

    it('records an attempt only under the lease that holds the message', async () => {
      const endpoint = await newEndpoint();
      const [message] = await newMessages(endpoint, 1);
      const [stale] = await a.messages.claimDue(at(1), { limit: 1, leaseSeconds: 5 });
      const [fresh] = await a.messages.claimDue(at(7), { limit: 1, leaseSeconds: 5 });
      if (!stale || !fresh || !message) throw new Error('claims found nothing');
      stale.message.recordAttempt(attemptOf(message, 500, 1), [5]);
      expect(await a.messages.recordAttempt(stale.message, attemptOf(message, 500, 1), stale.lease)).to.equal(
        false,
      );
      fresh.message.recordAttempt(attemptOf(message, 200, 7), [5]);
      expect(await a.messages.recordAttempt(fresh.message, attemptOf(message, 200, 7), fresh.lease)).to.equal(
        true,
      );
      const [listed] = (await a.messages.listForEndpoint(endpoint.id, { limit: 10 })).items;
      expect(listed?.message.status).to.equal('delivered');
      expect(listed?.attempts.map((x) => x.responseStatus)).to.deep.equal([200]);
      expect(await a.messages.claimDue(at(100), { limit: 5, leaseSeconds: 5 })).to.have.lengthOf(0);
    });

    it('skips messages of disabled endpoints and lists newest first a page at a time; deleting takes them along', async () => {
      const endpoint = await newEndpoint();
      await newMessages(endpoint, 3);
      const page1 = await a.messages.listForEndpoint(endpoint.id, { limit: 2 });
      expect(page1.items.map((m) => m.message.payload.n)).to.deep.equal([2, 1]);
      const page2 = await a.messages.listForEndpoint(endpoint.id, {
        limit: 2,
        after: page1.next ?? undefined,
      });
      expect(page2.items.map((m) => m.message.payload.n)).to.deep.equal([0]);
      endpoint.update({ enabled: false }, at(1));
      await a.endpoints.save(endpoint);
      expect(await a.messages.claimDue(at(10), { limit: 5, leaseSeconds: 5 })).to.have.lengthOf(0);
      await a.endpoints.delete(endpoint.id);
      expect(await a.endpoints.findById(endpoint.id)).to.equal(undefined);
      expect((await a.messages.listForEndpoint(endpoint.id, { limit: 5 })).items).to.deep.equal([]);
    });
  });
}

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
