import type { MessageWithAttempts } from '../../../application/webhooks/ports/webhook-message-repository.ts';
import type { ThroughWebhooks } from '../../../composition/webhooks.ts';
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.ts';
import * as answer from '../../platform/http/answers.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { onId, onIdWith } from '../../platform/http/request-input.ts';
import { sendJson } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
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
  const shown: answer.View<WebhookEndpoint> = { schema: webhookEndpoint, present: presentEndpoint };
  const withSecret: answer.View<WebhookEndpoint> = {
    schema: webhookEndpointWithSecret,
    present: presentEndpointWithSecret,
    credential: true,
  };
  const messages: answer.View<MessageWithAttempts> = { schema: webhookMessage, present: presentMessage };
  return [
    bearer.post('/api/workspaces/{id}/webhook-endpoints', {
      operationId: 'createWebhookEndpoint',
      summary: 'Add an outbound webhook endpoint to a workspace',
      description: `Admins and owners. The answer carries the \`signing_secret\`, shown only here and in rotation answers. ${FORMAT}`,
      body: createWebhookEndpointRequest,
      // 409 `quota_exceeded` past QUOTA_WEBHOOK_ENDPOINTS (limit `webhook_endpoints`).
      errors: [403, 409],
      ...answer.created(
        withSecret,
        'The endpoint, with its signing secret.',
        onIdWith(deps.createWebhookEndpoint),
        (endpoint) => `/api/webhook-endpoints/${endpoint.id}`,
      ),
    }),
    bearer.get('/api/workspaces/{id}/webhook-endpoints', {
      operationId: 'listWebhookEndpoints',
      summary: "A workspace's outbound webhook endpoints",
      description: 'Any member of the workspace. Never shows secrets.',
      query: pageQuery,
      ...answer.page(shown, 'Oldest first.', ({ principal, params }, page) =>
        deps.listWebhookEndpoints(principal, params.id, page),
      ),
    }),
    bearer.get('/api/webhook-endpoints/{id}', {
      operationId: 'getWebhookEndpoint',
      summary: 'An outbound webhook endpoint (without its secret)',
      description: 'Any member of its workspace; another workspace answers 404.',
      ...answer.one(shown, 'The endpoint.', onId(deps.getWebhookEndpoint)),
    }),
    bearer.patch('/api/webhook-endpoints/{id}', {
      operationId: 'updateWebhookEndpoint',
      summary: 'Change, disable or enable an outbound webhook endpoint',
      description:
        'Admins and owners. A disabled endpoint gets no messages; its pending ones wait until it is enabled.',
      body: updateWebhookEndpointRequest,
      errors: [403, 409],
      ...answer.one(shown, 'The changed endpoint.', onIdWith(deps.updateWebhookEndpoint)),
    }),
    bearer.delete('/api/webhook-endpoints/{id}', {
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete an outbound webhook endpoint and its messages',
      description: 'Admins and owners. Nothing more is sent to it, pending messages included.',
      errors: [403],
      ...answer.nothing('Deleted.', onId(deps.deleteWebhookEndpoint)),
    }),
    bearer.post('/api/webhook-endpoints/{id}/rotate-secret', {
      operationId: 'rotateWebhookEndpointSecret',
      summary: 'Give an outbound endpoint a new signing secret',
      description:
        'Admins and owners. The new secret is in the answer (only there). For 24 h every message carries ' +
        'signatures under both the new and the replaced secret in `webhook-signature`.',
      errors: [403, 409],
      ...answer.one(withSecret, 'The endpoint, with its new secret.', onId(deps.rotateWebhookEndpointSecret)),
    }),
    bearer.get('/api/webhook-endpoints/{id}/messages', {
      operationId: 'listWebhookMessages',
      summary: "An outbound endpoint's messages and their attempts",
      description:
        'Any member of its workspace. Each attempt shows its time, duration, response code and outcome.',
      query: pageQuery,
      ...answer.page(messages, 'Newest first.', ({ principal, params }, page) =>
        deps.listWebhookMessages(principal, params.id, page),
      ),
    }),
    bearer.post('/api/webhook-messages/{id}/resend', {
      operationId: 'resendWebhookMessage',
      summary: 'Send an outbound message again',
      description:
        'Admins and owners. The message (same `webhook-id`, same body) is due at once and retried on the whole ' +
        'schedule again, whatever became of it before.',
      errors: [403],
      responses: { 202: { description: 'Queued for sending.', schema: webhookMessage } },
      handler: async (ctx, { principal, params }) => {
        const resent = await deps.resendWebhookMessage(principal, params.id);
        ctx.status = 202;
        sendJson(ctx, presentMessage(resent));
      },
    }),
  ];
}
