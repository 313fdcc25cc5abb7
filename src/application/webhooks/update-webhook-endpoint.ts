import type { Principal } from '../../domain/kernel/principal.ts';
import type { EndpointChanges, WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleEndpoint, type EndpointAccessDeps } from './accessible-webhook-endpoint.ts';

export type UpdateWebhookEndpoint = (
  principal: Principal,
  endpointId: string,
  changes: EndpointChanges,
) => Promise<WebhookEndpoint>;

/** Admins and owners change the URL, event types or description, or disable and enable the endpoint. */
export function makeUpdateWebhookEndpoint(
  deps: EndpointAccessDeps & { clock: Clock; unitOfWork: UnitOfWork; auditLog: AuditLog },
): UpdateWebhookEndpoint {
  return async (principal, endpointId, changes) => {
    const endpoint = await accessibleEndpoint(deps, principal, endpointId, 'admin');
    endpoint.update(changes, deps.clock.now());
    // The names of the fields changed, never their values (a URL may carry credentials).
    await deps.unitOfWork.transaction(async () => {
      await deps.webhookEndpoints.save(endpoint);
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'webhook_endpoint_updated',
          endpoint.workspaceId,
          { type: 'webhook_endpoint', id: endpoint.id },
          {
            fields: Object.keys(changes).sort().join(','),
          },
        ),
      );
    });
    return endpoint;
  };
}
