import type { Principal } from '../../domain/kernel/principal.ts';
import type { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
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
  deps: EndpointAccessDeps & {
    webhookSecrets: WebhookSecretGenerator;
    clock: Clock;
    unitOfWork: UnitOfWork;
    auditLog: AuditLog;
  },
): RotateWebhookEndpointSecret {
  return async (principal, endpointId) => {
    const endpoint = await accessibleEndpoint(deps, principal, endpointId, 'admin');
    endpoint.rotateSecret(deps.webhookSecrets.newSigningSecret('standard-webhooks'), deps.clock.now());
    await deps.unitOfWork.transaction(async () => {
      await deps.webhookEndpoints.save(endpoint);
      await deps.auditLog.record(
        workspaceEvent(principal, 'webhook_endpoint_secret_rotated', endpoint.workspaceId, {
          type: 'webhook_endpoint',
          id: endpoint.id,
        }),
      );
    });
    return endpoint;
  };
}
