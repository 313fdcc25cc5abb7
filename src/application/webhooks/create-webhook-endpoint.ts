import type { Principal } from '../../domain/kernel/principal.ts';
import { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import { type QuotaDeps, withinWorkspaceQuota } from '../kernel/within-quota.ts';
import type { WebhookSecretGenerator } from '../triggers/index.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { WebhookEndpointRepository } from './ports/webhook-endpoint-repository.ts';

export interface CreateWebhookEndpointInput {
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly description?: string | undefined;
}

/** The new endpoint; its signing secret is shown to the caller this once (and at each rotation). */
export type CreateWebhookEndpoint = (
  principal: Principal,
  workspaceId: string,
  input: CreateWebhookEndpointInput,
) => Promise<WebhookEndpoint>;

/** Admins and owners add an endpoint, with a Standard Webhooks secret (`whsec_` + base64 of 32 bytes). */
export function makeCreateWebhookEndpoint(
  deps: {
    webhookEndpoints: WebhookEndpointRepository;
    workspaceAccess: WorkspaceAccess;
    webhookSecrets: WebhookSecretGenerator;
    clock: Clock;
    ids: IdGenerator;
    auditLog: AuditLog;
  } & QuotaDeps,
): CreateWebhookEndpoint {
  return async (principal, workspaceId, input) => {
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    const endpoint = WebhookEndpoint.create(
      {
        ...input,
        id: deps.ids.newId(),
        workspaceId,
        signingSecret: deps.webhookSecrets.newSigningSecret('standard-webhooks'),
      },
      deps.clock.now(),
    );
    await withinWorkspaceQuota(deps, 'webhook_endpoints', workspaceId, async () => {
      await deps.webhookEndpoints.add(endpoint);
      await deps.auditLog.record(
        workspaceEvent(principal, 'webhook_endpoint_created', endpoint.workspaceId, {
          type: 'webhook_endpoint',
          id: endpoint.id,
        }),
      );
    });
    return endpoint;
  };
}
