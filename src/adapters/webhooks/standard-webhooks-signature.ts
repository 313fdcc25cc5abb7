import { createHmac } from 'node:crypto';

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>`
 * under each secret's key (the base64 after `whsec_`), space-separated, so a receiver holding either secret
 * of a rotation's overlap accepts the message.
 */
export function standardWebhooksSignature(
  secrets: readonly string[],
  webhookId: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      const mac = createHmac('sha256', key)
        .update(`${webhookId}.${timestampSeconds}.${body}`)
        .digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}
