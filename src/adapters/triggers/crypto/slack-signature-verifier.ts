import type {
  SignatureCheck,
  SignatureVerdict,
  SignatureVerifier,
} from '../../../application/triggers/ports/signature-verifier.ts';
import { findMatch, macsOf, timestampedVerdict, unixSeconds } from './hmac-signatures.ts';

const SIGNATURE = /^v0=([0-9a-f]{64})$/;

/**
 * Slack: `X-Slack-Signature: v0=<hex>`, HMAC-SHA256 of `v0:<X-Slack-Request-Timestamp>:<raw body>` keyed
 * with the app's signing secret string, exactly one signature. The timestamp is always judged by the
 * signature policy (300 s, both sides).
 */
export class SlackSignatureVerifier implements SignatureVerifier {
  verify({ headers, body, secrets, now }: SignatureCheck): SignatureVerdict {
    const timestamp = headers('x-slack-request-timestamp');
    const signedAt = unixSeconds(timestamp);
    const expected = macsOf(secrets, [`v0:${signedAt === undefined ? '' : timestamp}:`, body]);
    const header = headers('x-slack-signature');
    if (header === undefined) return { valid: false, reason: 'missing' };
    const hex = SIGNATURE.exec(header)?.[1];
    const match = hex === undefined ? undefined : findMatch([Buffer.from(hex, 'hex')], expected);
    return timestampedVerdict('slack', match, signedAt, now);
  }
}
