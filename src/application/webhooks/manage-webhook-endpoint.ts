import type { EndpointChanges, WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import type { Principal } from '../auth/principal.ts';
import type { Clock } from '../ports/clock.ts';
import type { WebhookSecretGenerator } from '../ports/webhook-secret-generator.ts';
import { accessibleEndpoint, type EndpointAccessDeps } from './accessible-webhook-endpoint.ts';

export type GetWebhookEndpoint = (principal: Principal, endpointId: string) => Promise<WebhookEndpoint>;
export type UpdateWebhookEndpoint = (
  principal: Principal,
  endpointId: string,
  changes: EndpointChanges,
) => Promise<WebhookEndpoint>;
export type DeleteWebhookEndpoint = (principal: Principal, endpointId: string) => Promise<void>;
export type RotateWebhookEndpointSecret = (
  principal: Principal,
  endpointId: string,
) => Promise<WebhookEndpoint>;

/** Any member reads an endpoint (never its secret). */
export function makeGetWebhookEndpoint(deps: EndpointAccessDeps): GetWebhookEndpoint {
  return (principal, endpointId) => accessibleEndpoint(deps, principal.userId, endpointId, 'member');
}

/** Admins and owners change the URL, event types or description, or disable and enable the endpoint. */
export function makeUpdateWebhookEndpoint(
  deps: EndpointAccessDeps & { clock: Clock },
): UpdateWebhookEndpoint {
  return async (principal, endpointId, changes) => {
    const endpoint = await accessibleEndpoint(deps, principal.userId, endpointId, 'admin');
    endpoint.update(changes, deps.clock.now());
    await deps.webhookEndpoints.save(endpoint);
    return endpoint;
  };
}

/** Admins and owners delete an endpoint with its messages: nothing more is sent to it. */
export function makeDeleteWebhookEndpoint(deps: EndpointAccessDeps): DeleteWebhookEndpoint {
  return async (principal, endpointId) => {
    const endpoint = await accessibleEndpoint(deps, principal.userId, endpointId, 'admin');
    await deps.webhookEndpoints.delete(endpoint.id);
  };
}

/**
 * Admins and owners give an endpoint a new secret (returned once, in the answer); for 24 h messages carry
 * signatures under both, so receivers can switch without refusing any.
 */
export function makeRotateWebhookEndpointSecret(
  deps: EndpointAccessDeps & { webhookSecrets: WebhookSecretGenerator; clock: Clock },
): RotateWebhookEndpointSecret {
  return async (principal, endpointId) => {
    const endpoint = await accessibleEndpoint(deps, principal.userId, endpointId, 'admin');
    endpoint.rotateSecret(deps.webhookSecrets.newSigningSecret('standard-webhooks'), deps.clock.now());
    await deps.webhookEndpoints.save(endpoint);
    return endpoint;
  };
}
