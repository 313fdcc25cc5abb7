import type { ThroughTriggers } from '../../../composition/triggers.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../../domain/triggers/signature-policy.ts';
import { requestTraceparent, TRACEPARENT_HEADER } from '../../platform/http/request-traceparent.ts';
import { sendJson } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentReceipt } from './trigger-presenters.ts';
import { deliveryReceipt, webhookBody, webhookParams, webhookQuery } from './trigger-schemas.ts';
import { incomingDelivery } from './webhook-request.ts';

const DESCRIPTION = `Starts a run of the trigger's mission. Not authenticated with a bearer token (one sent is ignored),
but by the trigger's \`signature_scheme\`. With \`platform\` (the default), \`X-Signature\` carries HMAC-SHA256 over the exact raw body, keyed with the UTF-8 bytes of the trigger's signing
secret, as \`sha256=<hex>\`, bare hex (either case), or base64 / base64url of the 32-byte MAC; several may be sent
comma-separated, and one valid signature under the current secret (or the previous one during its grace) is
enough. The timestamped form \`t=<unix seconds>,v1=<hex>\` signs \`<t>.<body>\` and is accepted within
${SIGNATURE_TOLERANCE_SECONDS} s of the server clock, either side; a trigger with \`require_timestamp\` accepts only it.
With a provider scheme the provider's own headers carry the signature: \`github\` \`X-Hub-Signature-256\`, \`stripe\`
\`Stripe-Signature\`, \`slack\` \`X-Slack-Signature\` and \`X-Slack-Request-Timestamp\`, \`standard-webhooks\`
\`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\`, \`shopify\` \`X-Shopify-Hmac-Sha256\`; signed timestamps
are held to the same ${SIGNATURE_TOLERANCE_SECONDS} s, and \`X-GitHub-Delivery\` or \`webhook-id\` is the idempotency key.

Any content type is accepted and verified over the raw bytes; no \`Content-Encoding\` (415). Checks, in order: the
per-trigger rate limit (429), the body size against the trigger's limit from \`Content-Length\` and while
streaming (413), the signature (done for unknown, deleted and disabled paths too, which then answer 404 whatever
the body: never 413 or 415), the idempotency key. \`Idempotency-Key\` (or \`X-Delivery-Id\`) seen for the same
trigger within 24 h answers 200 with the first delivery's ids and \`status: "duplicate"\`, creating nothing. A
mission already holding its maximum of queued runs (\`QUOTA_QUEUED_RUNS_PER_MISSION\`) answers 409
\`quota_exceeded\` with \`limit: {name: "queued_runs", max}\`, storing no delivery or run, only a \`rejected\` log
entry (a repeat too: send it again later). 202
comes only after the delivery and its queued run are committed; when the database is unreachable the answer is 503
with \`Retry-After\`, never 2xx.`;

const answer = (description: string) => ({ description, schema: deliveryReceipt });

export function webhookRoutes(deps: ThroughTriggers): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/api/triggers/webhook/{webhook_path}',
      operationId: 'receiveWebhookDelivery',
      summary: 'Webhook ingest: a signed delivery starts a run',
      description: DESCRIPTION,
      tags: [TAGS.integrations],
      security: 'webhookSignature',
      // Not a middleware: the HMAC covers the raw body, which may be read only once the trigger and its size
      // limit are known, so the use case reads it and checks the signature (401 when none verifies).
      authenticatedBy: 'receiveDelivery',
      params: webhookParams,
      query: webhookQuery,
      body: webhookBody,
      requestHeaders: [TRACEPARENT_HEADER],
      errors: [401, 404, 409, 413, 415, 503],
      responses: {
        202: answer('Accepted: the delivery and its queued run are committed.'),
        200: answer('A repeat of an earlier delivery (same idempotency key within 24 h).'),
      },
      handler: async (ctx, input) => {
        const traceparent = requestTraceparent(ctx, deps.tracer);
        const receipt = await deps.receiveDelivery(incomingDelivery(ctx, input, traceparent));
        ctx.status = receipt.status === 'accepted' ? 202 : 200;
        sendJson(ctx, presentReceipt(receipt));
      },
    },
  ];
}
