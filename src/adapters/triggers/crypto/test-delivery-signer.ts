import type { TriggerSignatureScheme } from '../../../domain/triggers/index.ts';
import { hmacSha256 } from './hmac-signature-verifier.ts';

/** What a test delivery is signed with: the body's exact bytes, a time, a fresh id for the schemes that carry one. */
export interface TestSigning {
  readonly secret: string;
  readonly body: string;
  readonly now: Date;
  readonly id: string;
}

const hex = (secret: string | Uint8Array, ...parts: string[]) => hmacSha256(secret, ...parts).toString('hex');
const base64 = (secret: string | Uint8Array, ...parts: string[]) =>
  hmacSha256(secret, ...parts).toString('base64');
const standardKey = (secret: string) =>
  Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');

/**
 * Per scheme, the headers its sender signs a delivery with (CONTRACT sections 4 and 8), as the signature
 * snippets compute them in the shell: the platform's timestamped form, so a trigger that requires one takes it.
 */
const SIGNERS: Record<TriggerSignatureScheme, (s: TestSigning, t: string) => Record<string, string>> = {
  platform: (s, t) => ({ 'x-signature': `t=${t},v1=${hex(s.secret, `${t}.`, s.body)}` }),
  github: (s) => ({
    'x-hub-signature-256': `sha256=${hex(s.secret, s.body)}`,
    'x-github-event': 'ping',
    'x-github-delivery': s.id,
  }),
  stripe: (s, t) => ({ 'stripe-signature': `t=${t},v1=${hex(s.secret, `${t}.`, s.body)}` }),
  slack: (s, t) => ({
    'x-slack-request-timestamp': t,
    'x-slack-signature': `v0=${hex(s.secret, `v0:${t}:`, s.body)}`,
  }),
  'standard-webhooks': (s, t) => ({
    'webhook-id': `msg_${s.id}`,
    'webhook-timestamp': t,
    'webhook-signature': `v1,${base64(standardKey(s.secret), `msg_${s.id}.${t}.`, s.body)}`,
  }),
  shopify: (s) => ({ 'x-shopify-hmac-sha256': base64(s.secret, s.body), 'x-shopify-webhook-id': s.id }),
};

/** The request headers (lower case) of a delivery of `body` signed as `scheme`'s sender signs it. */
export function signedTestHeaders(
  scheme: TriggerSignatureScheme,
  signing: TestSigning,
): Record<string, string> {
  const seconds = String(Math.floor(signing.now.getTime() / 1000));
  return { 'content-type': 'application/json', ...SIGNERS[scheme](signing, seconds) };
}
