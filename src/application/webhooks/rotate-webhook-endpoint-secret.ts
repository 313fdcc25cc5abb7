import type { Principal } from '../../domain/kernel/principal.ts';
import type { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { WebhookSecretGenerator } from '../triggers/index.ts';
import { accessibleEndpoint, type EndpointAccessDeps } from './accessible-webhook-endpoint.ts';

export type RotateWebhookEndpointSecret = (
  principal: Principal,
  endpointId: string,
) => Promise<WebhookEndpoint>;

/**
 * Admins and owners give an endpoint a new secret (returned once, in the answer); for 24 h messages carry
 * signatures under both, so receivers can switch without refusing any.
 */
export function makeRotateWebhookEndpointSecret(
  deps: EndpointAccessDeps & { webhookSecrets: WebhookSecretGenerator; clock: Clock },
): RotateWebhookEndpointSecret {
  return async (principal, endpointId) => {
    const endpoint = await accessibleEndpoint(deps, principal, endpointId, 'admin');
    endpoint.rotateSecret(deps.webhookSecrets.newSigningSecret('standard-webhooks'), deps.clock.now());
    await deps.webhookEndpoints.save(endpoint);
    return endpoint;
  };
}
