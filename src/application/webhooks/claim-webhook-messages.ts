import type { Clock } from '../kernel/ports/clock.ts';
import type { OutboundWebhookSettings } from './outbound-webhook-settings.ts';
import type { LeasedMessage, WebhookMessageRepository } from './ports/webhook-message-repository.ts';

/** Endpoints and workspaces the caller already has as many attempts in flight for as allowed. */
export interface Saturated {
  readonly endpoints: readonly string[];
  readonly workspaces: readonly string[];
}

export type ClaimWebhookMessages = (limit: number, saturated?: Saturated) => Promise<LeasedMessage[]>;

/**
 * Leases up to `limit` due messages, fairly between workspaces, within the per-endpoint and per-workspace
 * limits, and none of the saturated endpoints or workspaces (see WebhookMessageRepository.claimDue).
 */
export function makeClaimWebhookMessages(deps: {
  webhookMessages: WebhookMessageRepository;
  outboundWebhookSettings: OutboundWebhookSettings;
  clock: Clock;
}): ClaimWebhookMessages {
  const settings = deps.outboundWebhookSettings;
  return (limit, saturated) =>
    deps.webhookMessages.claimDue(deps.clock.now(), {
      limit,
      leaseSeconds: settings.leaseSeconds,
      perEndpoint: settings.perEndpoint,
      perWorkspace: settings.perWorkspace,
      skip: saturated,
    });
}
