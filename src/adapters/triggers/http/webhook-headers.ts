import type { IncomingHttpHeaders } from 'node:http';

const MAX_VALUE_LENGTH = 2048;

/**
 * The only headers stored with an accepted delivery, shown to every member in the delivery log and to the
 * run: what says what was sent and which event it is, never who sent it. An allow-list, because senders
 * invent credential headers faster than a deny-list can learn them (`X-Shopify-Hmac-Sha256`, `X-Hmac`,
 * `X-Goog-Iap-Jwt-Assertion`, `X-Webhook-Pass`...). Signatures (`X-Signature`, `Stripe-Signature`,
 * `Webhook-Signature`...) and tokens are never on it. The README's "What a run sees" lists the same names.
 */
export const KEPT_WEBHOOK_HEADERS: ReadonlySet<string> = new Set([
  // What was sent, by what.
  'content-type',
  'user-agent',
  // Delivery ids and event names; this API's own first.
  'idempotency-key',
  'x-delivery-id',
  'x-event-type',
  // GitHub
  'x-github-event',
  'x-github-delivery',
  'x-github-hook-id',
  'x-github-hook-installation-target-id',
  'x-github-hook-installation-target-type',
  // GitLab (not X-Gitlab-Token, a shared secret)
  'x-gitlab-event',
  'x-gitlab-event-uuid',
  'x-gitlab-webhook-uuid',
  'x-gitlab-instance',
  // Bitbucket
  'x-event-key',
  'x-request-uuid',
  'x-hook-uuid',
  // Shopify
  'x-shopify-topic',
  'x-shopify-webhook-id',
  'x-shopify-event-id',
  'x-shopify-shop-domain',
  'x-shopify-api-version',
  'x-shopify-triggered-at',
  // Slack (retries of one event)
  'x-slack-request-timestamp',
  'x-slack-retry-num',
  'x-slack-retry-reason',
  // Standard Webhooks and Svix
  'webhook-id',
  'webhook-timestamp',
  'svix-id',
  'svix-timestamp',
  // Stripe sends only Stripe-Signature besides the body and its user agent: nothing of its own to keep.
]);

/** The kept headers of a delivery (names in lower case, repeated values joined, values over 2 KiB left out). */
export function keptHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_WEBHOOK_HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (text.length <= MAX_VALUE_LENGTH) kept[name] = text;
  }
  return kept;
}
