import type { TriggerSignatureScheme } from '../../../domain/triggers/index.ts';

const HMAC_HEX = (signed: string) =>
  `printf %s "${signed}" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //'`;
const HMAC_BASE64 = (signed: string) =>
  `printf %s "${signed}" | openssl dgst -sha256 -hmac "$SECRET" -binary | base64`;

/** Per scheme: the shell lines that sign `$BODY` as the sender would, and the headers that carry it. */
const SIGNERS: Record<TriggerSignatureScheme, { sign: string[]; headers: string[] }> = {
  platform: { sign: [`SIG=$(${HMAC_HEX('$BODY')})`], headers: ['X-Signature: sha256=$SIG'] },
  github: {
    sign: [`SIG=$(${HMAC_HEX('$BODY')})`],
    headers: [
      'X-Hub-Signature-256: sha256=$SIG',
      'X-GitHub-Event: ping',
      'X-GitHub-Delivery: test-$(date +%s)',
    ],
  },
  stripe: {
    sign: ['T=$(date +%s)', `SIG=$(${HMAC_HEX('$T.$BODY')})`],
    headers: ['Stripe-Signature: t=$T,v1=$SIG'],
  },
  slack: {
    sign: ['T=$(date +%s)', `SIG=$(${HMAC_HEX('v0:$T:$BODY')})`],
    headers: ['X-Slack-Request-Timestamp: $T', 'X-Slack-Signature: v0=$SIG'],
  },
  'standard-webhooks': {
    sign: [
      'ID=msg_$(date +%s%N) T=$(date +%s)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a JavaScript template
      'KEY=$(printf %s "${SECRET#whsec_}" | base64 -d | od -An -tx1 | tr -d \' \\n\')',
      'SIG=$(printf %s "$ID.$T.$BODY" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$KEY -binary | base64)',
    ],
    headers: ['webhook-id: $ID', 'webhook-timestamp: $T', 'webhook-signature: v1,$SIG'],
  },
  shopify: { sign: [`SIG=$(${HMAC_BASE64('$BODY')})`], headers: ['X-Shopify-Hmac-Sha256: $SIG'] },
};

/**
 * A copy-paste shell snippet that sends one signed test delivery to a trigger, signed by its scheme exactly as
 * its sender signs (CONTRACT section 8): the answer is 202 with the delivery and the run it started. Without
 * `secret` (any page but the one that shows it once) the snippet takes it from `$SECRET` and says so.
 */
export function verificationSnippet(scheme: TriggerSignatureScheme, url: string, secret?: string): string {
  const { sign, headers } = SIGNERS[scheme];
  return [
    secret === undefined
      ? `: "\${SECRET:?export SECRET=the signing secret of the trigger, shown once when made or rotated}"`
      : `SECRET='${secret.replace(/'/g, `'\\''`)}'`,
    `URL='${url}'`,
    `BODY='{"test":true}'`,
    ...sign,
    `curl -s -X POST "$URL" -H 'Content-Type: application/json' \\`,
    ...headers.map((header) => `  -H "${header}" \\`),
    '  -d "$BODY"',
  ].join('\n');
}
