import { randomBytes, randomUUID } from 'node:crypto';
import { WebhookEndpoint } from '../../src/domain/webhooks/webhook-endpoint.ts';
import { WebhookMessage } from '../../src/domain/webhooks/webhook-message.ts';
import { at, seedUser, T0, type World } from './persistence-world.ts';

/**
 * How a suite stores endpoints (each in a new user's workspace), deleted after each test with their messages:
 * due messages left in the shared database would be sent by other tests' dispatchers.
 */
export function endpointsOf(world: World) {
  const created: string[] = [];
  afterEach(async () => {
    for (const id of created.splice(0)) await world.webhookEndpoints.delete(id);
  });
  return async function newEndpoint(eventTypes = ['run.succeeded', 'run.failed'], createdAt = T0) {
    const { workspace } = await seedUser(world);
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
    await world.webhookEndpoints.add(endpoint);
    created.push(endpoint.id);
    return endpoint;
  };
}

/** `count` run.succeeded messages for `endpoint`, a second apart from T0, stored. */
export async function newMessages(world: World, endpoint: WebhookEndpoint, count: number) {
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
  await world.webhookMessages.add(messages);
  return messages;
}

/** One delivery attempt of `message` answered `status` (null: no answer) `seconds` after T0. */
export const attemptOf = (message: WebhookMessage, status: number | null, seconds: number) => ({
  id: randomUUID(),
  messageId: message.id,
  attemptedAt: at(seconds),
  durationMs: 7,
  responseStatus: status,
  error: status === null ? 'connection failed: ECONNREFUSED' : null,
  outcome: status === 200 ? ('succeeded' as const) : ('failed' as const),
});
