import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleEndpoint, type EndpointAccessDeps } from './accessible-webhook-endpoint.ts';

export type DeleteWebhookEndpoint = (principal: Principal, endpointId: string) => Promise<void>;

/** Admins and owners delete an endpoint with its messages: nothing more is sent to it. */
export function makeDeleteWebhookEndpoint(deps: EndpointAccessDeps): DeleteWebhookEndpoint {
  return async (principal, endpointId) => {
    const endpoint = await accessibleEndpoint(deps, principal, endpointId, 'admin');
    await deps.webhookEndpoints.delete(endpoint.id);
  };
}
