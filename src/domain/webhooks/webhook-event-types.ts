import { InvalidInput } from '../kernel/errors.ts';
import type { RunStatus } from '../runs/index.ts';

/** What outbound webhooks tell (CONTRACT sections 8 and 9): how a run finished; an approval waits for a person. */
export const WEBHOOK_EVENT_TYPES = [
  'run.succeeded',
  'run.failed',
  'run.cancelled',
  'approval.requested',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const BY_STATUS: Partial<Record<RunStatus, WebhookEventType>> = {
  succeeded: 'run.succeeded',
  failed: 'run.failed',
  cancelled: 'run.cancelled',
};

/** The event a run entering `status` sets off; undefined for a status that is not an outcome. */
export function eventTypeForRunStatus(status: RunStatus): WebhookEventType | undefined {
  return BY_STATUS[status];
}

/** One or more distinct known event types, in the order of {@link WEBHOOK_EVENT_TYPES}. */
export function parseEventTypes(values: readonly string[]): WebhookEventType[] {
  const unknown = values.filter((value) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(value));
  if (values.length === 0 || unknown.length > 0) {
    throw new InvalidInput(`event_types must list one or more of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  }
  return WEBHOOK_EVENT_TYPES.filter((type) => values.includes(type));
}
