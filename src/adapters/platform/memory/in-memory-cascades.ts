import type { Mission } from '../../../domain/missions/mission.ts';
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import type { InMemoryStore } from './in-memory-store.ts';

/**
 * Deletes the matching missions with what the migrations' `on delete cascade` removes with them: their runs
 * (with their events), their schedules, their triggers (deleted ones included) and those triggers' deliveries. Call it inside a store step.
 */
export function deleteMissionsWhere(store: InMemoryStore, matches: (mission: Mission) => boolean): void {
  const missionIds = new Set(store.missions.deleteWhere(matches).map((m) => m.id));
  const runIds = new Set(store.runs.deleteWhere((run) => missionIds.has(run.missionId)).map((run) => run.id));
  store.runEvents.deleteWhere((event) => runIds.has(event.runId));
  store.runEventLogs.deleteWhere((log) => runIds.has(log.runId));
  store.schedules.deleteWhere((schedule) => missionIds.has(schedule.missionId));
  const triggers = store.triggers.deleteWhere(({ trigger }) => missionIds.has(trigger.missionId));
  const triggerIds = new Set(triggers.map(({ trigger }) => trigger.id));
  store.deliveries.deleteWhere((delivery) => triggerIds.has(delivery.triggerId));
}

/** Deletes the matching outbound endpoints with their messages and those messages' attempts. */
export function deleteWebhookEndpointsWhere(
  store: InMemoryStore,
  matches: (endpoint: WebhookEndpoint) => boolean,
): void {
  const endpointIds = new Set(store.webhookEndpoints.deleteWhere(matches).map((e) => e.id));
  const messages = store.webhookMessages.deleteWhere(({ message }) => endpointIds.has(message.endpointId));
  const messageIds = new Set(messages.map(({ message }) => message.id));
  store.webhookAttempts.deleteWhere((attempt) => messageIds.has(attempt.messageId));
}
