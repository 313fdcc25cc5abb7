import { eventTypeForRunStatus } from '../../domain/webhooks/webhook-event-types.ts';
import { WebhookMessage } from '../../domain/webhooks/webhook-message.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { RunOutcomeListener } from '../runs/index.ts';
import type { WebhookEndpointRepository } from './ports/webhook-endpoint-repository.ts';
import type { WebhookMessageRepository } from './ports/webhook-message-repository.ts';
import type { WebhookPayloads } from './ports/webhook-payloads.ts';

/** The outbox writer, a run outcome listener: called inside the transaction that stored a run's new status. */
export type RecordRunOutcome = RunOutcomeListener;

/**
 * The transactional outbox's writer: when a run has just finished, one message per enabled endpoint of its
 * workspace subscribed to the outcome, stored in the same transaction as the run (a crash loses neither or
 * both); the dispatcher sends them after the commit.
 */
export function makeRecordRunOutcome(deps: {
  webhookEndpoints: WebhookEndpointRepository;
  webhookMessages: WebhookMessageRepository;
  webhookPayloads: WebhookPayloads;
  clock: Clock;
  ids: IdGenerator;
}): RecordRunOutcome {
  return async (run) => {
    const type = eventTypeForRunStatus(run.status);
    if (!type) return;
    const endpoints = await deps.webhookEndpoints.subscribedTo(run.workspaceId, type);
    if (endpoints.length === 0) return;
    const now = deps.clock.now();
    const payload = deps.webhookPayloads.runEvent(type, run, run.finishedAt ?? now);
    const messages = endpoints.map((endpoint) =>
      WebhookMessage.create({
        id: deps.ids.newId(),
        endpointId: endpoint.id,
        workspaceId: run.workspaceId,
        eventType: type,
        payload,
        createdAt: now,
      }),
    );
    await deps.webhookMessages.add(messages);
  };
}
