import type { ThroughWebhooks } from '../../../composition/webhooks.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { camelCased } from '../../platform/http/request-input.ts';
import { created, noStore, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { pageQuery } from '../../workspaces/http/workspace-schemas.ts';
import { presentEndpoint, presentEndpointWithSecret, presentMessage } from './webhook-endpoint-presenters.ts';
import {
  createWebhookEndpointRequest,
  updateWebhookEndpointRequest,
  webhookEndpoint,
  webhookEndpointWithSecret,
  webhookMessage,
} from './webhook-endpoint-schemas.ts';

const FORMAT =
  'Messages follow Standard Webhooks (see the `webhooks` section): headers `webhook-id`, `webhook-timestamp`, ' +
  '`webhook-signature`; success is a 2xx within 15 s, else retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h ' +
  'and 10 h, then `failed`; a 410 disables the endpoint.';

export function webhookEndpointRoutes(deps: ThroughWebhooks): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.notifications);
  return [
    bearer.post('/api/workspaces/{id}/webhook-endpoints', {
      operationId: 'createWebhookEndpoint',
      summary: 'Add an outbound webhook endpoint to a workspace',
      description: `Admins and owners. The answer carries the \`signing_secret\`, shown only here and in rotation answers. ${FORMAT}`,
      params: idParams,
      body: createWebhookEndpointRequest,
      errors: [403],
      responses: {
        201: { description: 'The endpoint, with its signing secret.', schema: webhookEndpointWithSecret },
      },
      handler: async (ctx, { principal, params, body }) => {
        const endpoint = await deps.createWebhookEndpoint(principal, params.id, camelCased(body));
        noStore(ctx);
        created(ctx, presentEndpointWithSecret(endpoint), `/api/webhook-endpoints/${endpoint.id}`);
      },
    }),
    bearer.get('/api/workspaces/{id}/webhook-endpoints', {
      operationId: 'listWebhookEndpoints',
      summary: "A workspace's outbound webhook endpoints",
      description: 'Any member of the workspace. Never shows secrets.',
      params: idParams,
      query: pageQuery,
      responses: { 200: { description: 'Oldest first.', schema: page(webhookEndpoint) } },
      handler: async (ctx, { principal, params, query }) => {
        const endpoints = await deps.listWebhookEndpoints(principal, params.id, pageRequestOf(query));
        ok(ctx, presentPage(endpoints, presentEndpoint));
      },
    }),
    bearer.get('/api/webhook-endpoints/{id}', {
      operationId: 'getWebhookEndpoint',
      summary: 'An outbound webhook endpoint (without its secret)',
      description: 'Any member of its workspace; another workspace answers 404.',
      params: idParams,
      responses: { 200: { description: 'The endpoint.', schema: webhookEndpoint } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentEndpoint(await deps.getWebhookEndpoint(principal, params.id))),
    }),
    bearer.patch('/api/webhook-endpoints/{id}', {
      operationId: 'updateWebhookEndpoint',
      summary: 'Change, disable or enable an outbound webhook endpoint',
      description:
        'Admins and owners. A disabled endpoint gets no messages; its pending ones wait until it is enabled.',
      params: idParams,
      body: updateWebhookEndpointRequest,
      errors: [403, 409],
      responses: { 200: { description: 'The changed endpoint.', schema: webhookEndpoint } },
      handler: async (ctx, { principal, params, body }) =>
        ok(ctx, presentEndpoint(await deps.updateWebhookEndpoint(principal, params.id, camelCased(body)))),
    }),
    bearer.delete('/api/webhook-endpoints/{id}', {
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete an outbound webhook endpoint and its messages',
      description: 'Admins and owners. Nothing more is sent to it, pending messages included.',
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.deleteWebhookEndpoint(principal, params.id);
        ctx.status = 204;
      },
    }),
    bearer.post('/api/webhook-endpoints/{id}/rotate-secret', {
      operationId: 'rotateWebhookEndpointSecret',
      summary: 'Give an outbound endpoint a new signing secret',
      description:
        'Admins and owners. The new secret is in the answer (only there). For 24 h every message carries ' +
        'signatures under both the new and the replaced secret in `webhook-signature`.',
      params: idParams,
      errors: [403, 409],
      responses: {
        200: { description: 'The endpoint, with its new secret.', schema: webhookEndpointWithSecret },
      },
      handler: async (ctx, { principal, params }) => {
        const rotated = await deps.rotateWebhookEndpointSecret(principal, params.id);
        noStore(ctx);
        ok(ctx, presentEndpointWithSecret(rotated));
      },
    }),
    bearer.get('/api/webhook-endpoints/{id}/messages', {
      operationId: 'listWebhookMessages',
      summary: "An outbound endpoint's messages and their attempts",
      description:
        'Any member of its workspace. Each attempt shows its time, duration, response code and outcome.',
      params: idParams,
      query: pageQuery,
      responses: { 200: { description: 'Newest first.', schema: page(webhookMessage) } },
      handler: async (ctx, { principal, params, query }) => {
        const messages = await deps.listWebhookMessages(principal, params.id, pageRequestOf(query));
        ok(ctx, presentPage(messages, presentMessage));
      },
    }),
    bearer.post('/api/webhook-messages/{id}/resend', {
      operationId: 'resendWebhookMessage',
      summary: 'Send an outbound message again',
      description:
        'Admins and owners. The message (same `webhook-id`, same body) is due at once and retried on the whole ' +
        'schedule again, whatever became of it before.',
      params: idParams,
      errors: [403],
      responses: { 202: { description: 'Queued for sending.', schema: webhookMessage } },
      handler: async (ctx, { principal, params }) => {
        const resent = await deps.resendWebhookMessage(principal, params.id);
        ctx.status = 202;
        ctx.body = presentMessage(resent);
      },
    }),
  ];
}
