import type { Context } from 'koa';
import type { CreateWebhookEndpoint } from '../../../application/webhooks/create-webhook-endpoint.ts';
import type { ListWebhookEndpoints } from '../../../application/webhooks/list-webhook-endpoints.ts';
import type {
  DeleteWebhookEndpoint,
  GetWebhookEndpoint,
  RotateWebhookEndpointSecret,
  UpdateWebhookEndpoint,
} from '../../../application/webhooks/manage-webhook-endpoint.ts';
import type {
  ListWebhookMessages,
  ResendWebhookMessage,
} from '../../../application/webhooks/webhook-messages.ts';
import { pageRequestOf, presentPage } from '../pagination.ts';
import {
  presentEndpoint,
  presentEndpointWithSecret,
  presentMessage,
} from '../presenters/webhook-endpoints.ts';
import { principalOf } from '../request-state.ts';
import type { RouteSpec } from '../route.ts';
import { idParams, page } from '../schemas/common.ts';
import {
  createWebhookEndpointRequest,
  pageOnlyQuery,
  updateWebhookEndpointRequest,
  webhookEndpoint,
  webhookEndpointWithSecret,
  webhookMessage,
  workspaceIdParams,
} from '../schemas/webhook-endpoints.ts';

export interface WebhookEndpointRouteDeps {
  createWebhookEndpoint: CreateWebhookEndpoint;
  listWebhookEndpoints: ListWebhookEndpoints;
  getWebhookEndpoint: GetWebhookEndpoint;
  updateWebhookEndpoint: UpdateWebhookEndpoint;
  deleteWebhookEndpoint: DeleteWebhookEndpoint;
  rotateWebhookEndpointSecret: RotateWebhookEndpointSecret;
  listWebhookMessages: ListWebhookMessages;
  resendWebhookMessage: ResendWebhookMessage;
}

const tags = ['notifications'];
const security = 'bearer' as const;
const FORMAT =
  'Messages follow Standard Webhooks (see the `webhooks` section): headers `webhook-id`, `webhook-timestamp`, ' +
  '`webhook-signature`; success is a 2xx within 15 s, else retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h ' +
  'and 10 h, then `failed`; a 410 disables the endpoint.';

function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}

export function webhookEndpointRoutes(deps: WebhookEndpointRouteDeps): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/api/workspaces/{id}/webhook-endpoints',
      operationId: 'createWebhookEndpoint',
      summary: 'Add an outbound webhook endpoint to a workspace',
      description: `Admins and owners. The answer carries the \`signing_secret\`, shown only here and in rotation answers. ${FORMAT}`,
      tags,
      security,
      params: workspaceIdParams,
      body: createWebhookEndpointRequest,
      errors: [403],
      responses: {
        201: { description: 'The endpoint, with its signing secret.', schema: webhookEndpointWithSecret },
      },
      handler: async (ctx, { params, body }) => {
        const input = body as { url: string; event_types: string[]; description?: string };
        const created = await deps.createWebhookEndpoint(principalOf(ctx), params.id as string, {
          url: input.url,
          eventTypes: input.event_types,
          description: input.description,
        });
        noStore(ctx);
        ctx.status = 201;
        ctx.set('Location', `/api/webhook-endpoints/${created.id}`);
        ctx.body = presentEndpointWithSecret(created);
      },
    },
    {
      method: 'GET',
      path: '/api/workspaces/{id}/webhook-endpoints',
      operationId: 'listWebhookEndpoints',
      summary: "A workspace's outbound webhook endpoints",
      description: 'Any member of the workspace. Never shows secrets.',
      tags,
      security,
      params: workspaceIdParams,
      query: pageOnlyQuery,
      responses: { 200: { description: 'Oldest first.', schema: page(webhookEndpoint) } },
      handler: async (ctx, { params, query }) => {
        const result = await deps.listWebhookEndpoints(
          principalOf(ctx),
          params.id as string,
          pageRequestOf(query),
        );
        ctx.body = presentPage(result, presentEndpoint);
      },
    },
    {
      method: 'GET',
      path: '/api/webhook-endpoints/{id}',
      operationId: 'getWebhookEndpoint',
      summary: 'An outbound webhook endpoint (without its secret)',
      description: 'Any member of its workspace; another workspace answers 404.',
      tags,
      security,
      params: idParams,
      responses: { 200: { description: 'The endpoint.', schema: webhookEndpoint } },
      handler: async (ctx, { params }) => {
        ctx.body = presentEndpoint(await deps.getWebhookEndpoint(principalOf(ctx), params.id as string));
      },
    },
    {
      method: 'PATCH',
      path: '/api/webhook-endpoints/{id}',
      operationId: 'updateWebhookEndpoint',
      summary: 'Change, disable or enable an outbound webhook endpoint',
      description:
        'Admins and owners. A disabled endpoint gets no messages; its pending ones wait until it is enabled.',
      tags,
      security,
      params: idParams,
      body: updateWebhookEndpointRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The changed endpoint.', schema: webhookEndpoint } },
      handler: async (ctx, { params, body }) => {
        const input = body as {
          url?: string;
          event_types?: string[];
          description?: string | null;
          enabled?: boolean;
        };
        const updated = await deps.updateWebhookEndpoint(principalOf(ctx), params.id as string, {
          url: input.url,
          eventTypes: input.event_types,
          description: input.description,
          enabled: input.enabled,
        });
        ctx.body = presentEndpoint(updated);
      },
    },
    {
      method: 'DELETE',
      path: '/api/webhook-endpoints/{id}',
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete an outbound webhook endpoint and its messages',
      description: 'Admins and owners. Nothing more is sent to it, pending messages included.',
      tags,
      security,
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { params }) => {
        await deps.deleteWebhookEndpoint(principalOf(ctx), params.id as string);
        ctx.status = 204;
      },
    },
    {
      method: 'POST',
      path: '/api/webhook-endpoints/{id}/rotate-secret',
      operationId: 'rotateWebhookEndpointSecret',
      summary: 'Give an outbound endpoint a new signing secret',
      description:
        'Admins and owners. The new secret is in the answer (only there). For 24 h every message carries ' +
        'signatures under both the new and the replaced secret in `webhook-signature`.',
      tags,
      security,
      params: idParams,
      errors: [403, 409],
      responses: {
        200: { description: 'The endpoint, with its new secret.', schema: webhookEndpointWithSecret },
      },
      handler: async (ctx, { params }) => {
        const rotated = await deps.rotateWebhookEndpointSecret(principalOf(ctx), params.id as string);
        noStore(ctx);
        ctx.body = presentEndpointWithSecret(rotated);
      },
    },
    {
      method: 'GET',
      path: '/api/webhook-endpoints/{id}/messages',
      operationId: 'listWebhookMessages',
      summary: "An outbound endpoint's messages and their attempts",
      description:
        'Any member of its workspace. Each attempt shows its time, duration, response code and outcome.',
      tags,
      security,
      params: idParams,
      query: pageOnlyQuery,
      responses: { 200: { description: 'Newest first.', schema: page(webhookMessage) } },
      handler: async (ctx, { params, query }) => {
        const result = await deps.listWebhookMessages(
          principalOf(ctx),
          params.id as string,
          pageRequestOf(query),
        );
        ctx.body = presentPage(result, presentMessage);
      },
    },
    {
      method: 'POST',
      path: '/api/webhook-messages/{id}/resend',
      operationId: 'resendWebhookMessage',
      summary: 'Send an outbound message again',
      description:
        'Admins and owners. The message (same `webhook-id`, same body) is due at once and retried on the whole ' +
        'schedule again, whatever became of it before.',
      tags,
      security,
      params: idParams,
      errors: [403],
      responses: { 202: { description: 'Queued for sending.', schema: webhookMessage } },
      handler: async (ctx, { params }) => {
        const resent = await deps.resendWebhookMessage(principalOf(ctx), params.id as string);
        ctx.status = 202;
        ctx.body = presentMessage(resent);
      },
    },
  ];
}
