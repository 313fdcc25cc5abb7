import type { Context } from 'koa';
import type { CreateTrigger } from '../../../application/triggers/create-trigger.ts';
import type { DeleteTrigger } from '../../../application/triggers/delete-trigger.ts';
import type { GetTrigger } from '../../../application/triggers/get-trigger.ts';
import type { ListTriggers } from '../../../application/triggers/list-triggers.ts';
import type { RevokePreviousTriggerSecret } from '../../../application/triggers/revoke-previous-trigger-secret.ts';
import type { RotateTriggerSecret } from '../../../application/triggers/rotate-trigger-secret.ts';
import type { UpdateTrigger } from '../../../application/triggers/update-trigger.ts';
import type { Trigger } from '../../../domain/triggers/trigger.ts';
import { pageRequestOf, presentPage } from '../pagination.ts';
import { principalOf } from '../request-state.ts';
import type { RouteSpec } from '../route.ts';
import { idParams, page } from '../schemas/common.ts';
import {
  createTriggerRequest,
  listTriggersQuery,
  rotateSecretRequest,
  trigger,
  triggerWithSecret,
  updateTriggerRequest,
} from '../schemas/triggers.ts';

export interface TriggerRouteDeps {
  createTrigger: CreateTrigger;
  listTriggers: ListTriggers;
  getTrigger: GetTrigger;
  updateTrigger: UpdateTrigger;
  deleteTrigger: DeleteTrigger;
  rotateTriggerSecret: RotateTriggerSecret;
  revokePreviousTriggerSecret: RevokePreviousTriggerSecret;
  config: { readonly publicUrl: string };
}

export const triggerTags = ['integrations and webhooks'];

/** A trigger as the API shows it: never its secrets (see {@link presentTriggerWithSecret}). */
export function presentTrigger(t: Trigger, publicUrl: string) {
  return {
    id: t.id,
    workspace_id: t.workspaceId,
    mission_id: t.missionId,
    name: t.name,
    enabled: t.enabled,
    webhook_path: t.webhookPath,
    webhook_url: `${publicUrl}/api/triggers/webhook/${t.webhookPath}`,
    max_body_bytes: t.maxBodyBytes,
    require_timestamp: t.requireTimestamp,
    require_idempotency_key: t.requireIdempotencyKey,
    previous_secret_expires_at: t.previousSecretExpiresAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

/** Only the creation and rotation answers show the signing secret: it is never readable again. */
function presentTriggerWithSecret(t: Trigger, publicUrl: string) {
  return { ...presentTrigger(t, publicUrl), signing_secret: t.signingSecret };
}

function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}

export function triggerRoutes(deps: TriggerRouteDeps): RouteSpec[] {
  const url = deps.config.publicUrl;
  const tags = triggerTags;
  return [
    {
      method: 'POST',
      path: '/api/triggers',
      operationId: 'createTrigger',
      summary: 'Create a webhook trigger for a mission',
      description:
        'Admins and owners of the mission workspace. The answer carries the `signing_secret`, shown only here ' +
        'and in rotation answers. A custom `webhook_path` must be unused (paths of deleted triggers stay taken).',
      tags,
      security: 'bearer',
      body: createTriggerRequest,
      errors: [403, 404, 409],
      responses: { 201: { description: 'The trigger, with its signing secret.', schema: triggerWithSecret } },
      handler: async (ctx, { body }) => {
        const input = body as {
          mission_id: string;
          name: string;
          webhook_path?: string;
          max_body_bytes?: number;
          require_timestamp?: boolean;
          require_idempotency_key?: boolean;
        };
        const created = await deps.createTrigger(principalOf(ctx), {
          missionId: input.mission_id,
          name: input.name,
          webhookPath: input.webhook_path,
          maxBodyBytes: input.max_body_bytes,
          requireTimestamp: input.require_timestamp,
          requireIdempotencyKey: input.require_idempotency_key,
        });
        noStore(ctx);
        ctx.status = 201;
        ctx.set('Location', `/api/triggers/${created.id}`);
        ctx.body = presentTriggerWithSecret(created, url);
      },
    },
    {
      method: 'GET',
      path: '/api/triggers',
      operationId: 'listTriggers',
      summary: "A workspace's webhook triggers",
      description:
        'Any member of the workspace; `mission_id` narrows the list to one mission. Never shows secrets.',
      tags,
      security: 'bearer',
      query: listTriggersQuery,
      errors: [404],
      responses: { 200: { description: 'Oldest first.', schema: page(trigger) } },
      handler: async (ctx, { query }) => {
        const result = await deps.listTriggers(
          principalOf(ctx),
          { workspaceId: query.workspace_id as string, missionId: query.mission_id as string | undefined },
          pageRequestOf(query),
        );
        ctx.body = presentPage(result, (t) => presentTrigger(t, url));
      },
    },
    {
      method: 'GET',
      path: '/api/triggers/{id}',
      operationId: 'getTrigger',
      summary: 'A webhook trigger (without its secret)',
      description: 'Any member of its workspace; another workspace answers 404.',
      tags,
      security: 'bearer',
      params: idParams,
      responses: { 200: { description: 'The trigger.', schema: trigger } },
      handler: async (ctx, { params }) => {
        ctx.body = presentTrigger(await deps.getTrigger(principalOf(ctx), params.id as string), url);
      },
    },
    {
      method: 'PATCH',
      path: '/api/triggers/{id}',
      operationId: 'updateTrigger',
      summary: 'Rename, enable or disable a trigger, or change its limits',
      description: 'Admins and owners. A disabled trigger answers 404 to deliveries, like an unknown path.',
      tags,
      security: 'bearer',
      params: idParams,
      body: updateTriggerRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The changed trigger.', schema: trigger } },
      handler: async (ctx, { params, body }) => {
        const input = body as {
          name?: string;
          enabled?: boolean;
          max_body_bytes?: number;
          require_timestamp?: boolean;
          require_idempotency_key?: boolean;
        };
        const updated = await deps.updateTrigger(principalOf(ctx), params.id as string, {
          name: input.name,
          enabled: input.enabled,
          maxBodyBytes: input.max_body_bytes,
          requireTimestamp: input.require_timestamp,
          requireIdempotencyKey: input.require_idempotency_key,
        });
        ctx.body = presentTrigger(updated, url);
      },
    },
    {
      method: 'DELETE',
      path: '/api/triggers/{id}',
      operationId: 'deleteTrigger',
      summary: 'Delete a trigger',
      description: 'Its URL answers 404 from now on and its path is never reused; its runs stay.',
      tags,
      security: 'bearer',
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { params }) => {
        await deps.deleteTrigger(principalOf(ctx), params.id as string);
        ctx.status = 204;
      },
    },
    {
      method: 'POST',
      path: '/api/triggers/{id}/rotate-secret',
      operationId: 'rotateTriggerSecret',
      summary: 'Give a trigger a new signing secret',
      description:
        'The new secret is in the answer (only there). The replaced one keeps verifying for `grace_seconds` ' +
        '(default one day), so senders can switch without losing deliveries.',
      tags,
      security: 'bearer',
      params: idParams,
      body: rotateSecretRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The trigger, with its new secret.', schema: triggerWithSecret } },
      handler: async (ctx, { params, body }) => {
        const { grace_seconds } = body as { grace_seconds: number };
        const rotated = await deps.rotateTriggerSecret(principalOf(ctx), params.id as string, grace_seconds);
        noStore(ctx);
        ctx.body = presentTriggerWithSecret(rotated, url);
      },
    },
    {
      method: 'POST',
      path: '/api/triggers/{id}/revoke-previous-secret',
      operationId: 'revokePreviousTriggerSecret',
      summary: 'End the grace of the replaced signing secret now',
      description:
        'Admins and owners: from now on only the current secret verifies (after a leak, or once senders switched).',
      tags,
      security: 'bearer',
      params: idParams,
      errors: [403, 409],
      responses: { 200: { description: 'The trigger.', schema: trigger } },
      handler: async (ctx, { params }) => {
        ctx.body = presentTrigger(
          await deps.revokePreviousTriggerSecret(principalOf(ctx), params.id as string),
          url,
        );
      },
    },
  ];
}
