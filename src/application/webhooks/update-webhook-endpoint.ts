import type { Principal } from '../../domain/kernel/principal.ts';
import type { EndpointChanges, WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { accessibleEndpoint, type EndpointAccessDeps } from './accessible-webhook-endpoint.ts';

export type UpdateWebhookEndpoint = (
  principal: Principal,
  endpointId: string,
  changes: EndpointChanges,
) => Promise<WebhookEndpoint>;

/** Admins and owners change the URL, event types or description, or disable and enable the endpoint. */
export function makeUpdateWebhookEndpoint(
  deps: EndpointAccessDeps & { clock: Clock },
): UpdateWebhookEndpoint {
  return async (principal, endpointId, changes) => {
    const endpoint = await accessibleEndpoint(deps, principal, endpointId, 'admin');
    endpoint.update(changes, deps.clock.now());
    await deps.webhookEndpoints.save(endpoint);
    return endpoint;
  };
}
