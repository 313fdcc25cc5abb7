import type { Principal } from '../../domain/kernel/principal.ts';
import type { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import { accessibleEndpoint, type EndpointAccessDeps } from './accessible-webhook-endpoint.ts';

export type GetWebhookEndpoint = (principal: Principal, endpointId: string) => Promise<WebhookEndpoint>;

/** Any member reads an endpoint (never its secret: presenters leave it out). */
export function makeGetWebhookEndpoint(deps: EndpointAccessDeps): GetWebhookEndpoint {
  return (principal, endpointId) => accessibleEndpoint(deps, principal, endpointId, 'member');
}
