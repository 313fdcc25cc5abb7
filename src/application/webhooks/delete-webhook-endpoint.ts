import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleEndpoint, type EndpointAccessDeps } from './accessible-webhook-endpoint.ts';

export type DeleteWebhookEndpoint = (principal: Principal, endpointId: string) => Promise<void>;

/** Admins and owners delete an endpoint with its messages: nothing more is sent to it. */
export function makeDeleteWebhookEndpoint(
  deps: EndpointAccessDeps & { unitOfWork: UnitOfWork; auditLog: AuditLog },
): DeleteWebhookEndpoint {
  return async (principal, endpointId) => {
    const endpoint = await accessibleEndpoint(deps, principal, endpointId, 'admin');
    await deps.unitOfWork.transaction(async () => {
      await deps.webhookEndpoints.delete(endpoint.id);
      await deps.auditLog.record(
        workspaceEvent(principal, 'webhook_endpoint_deleted', endpoint.workspaceId, {
          type: 'webhook_endpoint',
          id: endpoint.id,
        }),
      );
    });
  };
}
