import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import {
  HmacSignatureVerifier,
  hmacSha256,
} from '../../../../../src/adapters/triggers/crypto/hmac-signature-verifier.ts';
import { RandomWebhookSecretGenerator } from '../../../../../src/adapters/triggers/crypto/random-webhook-secret-generator.ts';
import type { SignatureCheck } from '../../../../../src/application/triggers/ports/signature-verifier.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../../../../src/domain/triggers/signature-policy.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4ySp0UUNXK0';
const OTHER = 'whsec_8b9a6Pq2UFB3TXh0ZpiwD6rLq9u8iN0Lq1fB6x7qX9A';
const NOW = new Date('2026-11-21T12:00:00.000Z');
const NOW_S = NOW.getTime() / 1000;
const BODY = Buffer.from('{"event":"push","n":1}');

const mac = (body: Uint8Array | string, secret = SECRET, algorithm = 'sha256') =>
  createHmac(algorithm, secret).update(body).digest();

/** The request headers as the verifier reads them: only `X-Signature`, when given. */
const xSignature = (header: string | undefined) => (name: string) =>
  name === 'x-signature' ? header : undefined;

const verifier = new HmacSignatureVerifier();
const check = (header: string | undefined, overrides: Partial<SignatureCheck> = {}) =>
  verifier.verify({
    headers: xSignature(header),
    body: BODY,
    secrets: [SECRET],
    now: NOW,
    requireTimestamp: false,
    ...overrides,
  });

describe('HmacSignatureVerifier', () => {
  describe('accepted encodings', () => {
    const hex = mac(BODY).toString('hex');
    const cases: [string, string, string][] = [
      ['sha256=<hex>', `sha256=${hex}`, 'sha256_hex'],
      ['sha256=<HEX>', `sha256=${hex.toUpperCase()}`, 'sha256_hex'],
      ['bare lower-case hex', hex, 'hex'],
      ['bare upper-case hex', hex.toUpperCase(), 'hex'],
      ['base64 (padded)', mac(BODY).toString('base64'), 'base64'],
      ['base64 (unpadded)', mac(BODY).toString('base64').replace(/=$/, ''), 'base64'],
      ['base64url', mac(BODY).toString('base64url'), 'base64url'],
    ];
    for (const [name, header, scheme] of cases) {
      it(name, () => expect(check(header)).to.deep.equal({ valid: true, scheme, secretIndex: 0 }));
    }

    it('finds the standard base64 form even when it holds + or /', () => {
      // Search for a body whose MAC's base64 has both alphabets' special characters in play.
      for (let i = 0; i < 200; i++) {
        const body = Buffer.from(`body-${i}`);
        const b64 = mac(body).toString('base64');
        if (!/[+/]/.test(b64)) continue;
        expect(check(b64, { body }).valid, b64).to.equal(true);
        expect(check(mac(body).toString('base64url'), { body }).valid).to.equal(true);
        return;
      }
      expect.fail('no MAC with + or / found');
    });

    it('accepts a list when any entry matches, and ignores surrounding spaces', () => {
      const header = `sha256=${'0'.repeat(64)}, garbage ,  sha256=${mac(BODY).toString('hex')} `;
      expect(check(header).valid).to.equal(true);
    });

    it('matches under any active secret and says which', () => {
      expect(check(mac(BODY, OTHER).toString('hex'), { secrets: [SECRET, OTHER] })).to.deep.include({
        valid: true,
        secretIndex: 1,
      });
    });

    it('keys the MAC with the UTF-8 bytes of the whole secret string, prefix included', () => {
      const withoutPrefix = mac(BODY, SECRET.slice('whsec_'.length)).toString('hex');
      expect(check(withoutPrefix).valid).to.equal(false);
      const generated = new RandomWebhookSecretGenerator().newSigningSecret('platform');
      expect(check(mac(BODY, generated).toString('hex'), { secrets: [generated] }).valid).to.equal(true);
    });
  });

  describe('rejections (never a throw)', () => {
    const hex = mac(BODY).toString('hex');
    const malformed: [string, string][] = [
      ['empty header', ''],
      ['sha256= with nothing after it', 'sha256='],
      ['odd-length hex', hex.slice(0, 63)],
      ['63 hex characters', `sha256=${hex.slice(0, 63)}`],
      ['65 hex characters', `sha256=${hex}0`],
      ['non-hex characters', `sha256=${hex.slice(0, 62)}zz`],
      ['only commas', ',,,'],
      ['a 100 KB header', `sha256=${hex},${'a'.repeat(100 * 1024)}`],
      ['control and non-ASCII bytes', `sha256=\u0000\u00ff${hex}`],
      ['base64 of the wrong length', mac(BODY).toString('base64').slice(0, 40)],
      ['too many entries', `${Array(20).fill('x').join(',')},${hex}`],
      ['another algorithm prefix', `sha1=${hex}`],
      ['a timestamped form without v1', `t=${NOW_S}`],
      ['a timestamped form with two t', `t=${NOW_S},t=${NOW_S},v1=${hex}`],
    ];
    for (const [name, header] of malformed) {
      it(`${name}: mismatch`, () =>
        expect(check(header)).to.deep.equal({ valid: false, reason: 'mismatch' }));
    }

    it('reports a missing header as missing', () => {
      expect(check(undefined)).to.deep.equal({ valid: false, reason: 'missing' });
    });

    it('rejects a wrong secret', () => {
      expect(check(mac(BODY, OTHER).toString('hex')).valid).to.equal(false);
    });

    it('rejects SHA-1 and SHA-512 MACs in every encoding', () => {
      for (const algorithm of ['sha1', 'sha512']) {
        const digest = mac(BODY, SECRET, algorithm);
        for (const header of [
          `sha256=${digest.toString('hex')}`,
          digest.toString('hex'),
          digest.toString('base64'),
          `${algorithm}=${digest.toString('hex')}`,
        ]) {
          expect(check(header).valid, `${algorithm} ${header}`).to.equal(false);
        }
      }
    });

    it('rejects a signature of re-serialised JSON and of a body with one byte changed', () => {
      const sent = Buffer.from('{ "b": 1,\r\n  "a": "é" }');
      const reserialised = Buffer.from(JSON.stringify(JSON.parse(sent.toString())));
      expect(check(mac(reserialised).toString('hex'), { body: sent }).valid).to.equal(false);
      const flipped = Buffer.from(sent);
      flipped[3] = (flipped[3] ?? 0) ^ 1;
      expect(check(mac(sent).toString('hex'), { body: flipped }).valid).to.equal(false);
      expect(check(mac(sent).toString('hex'), { body: sent }).valid).to.equal(true);
    });
  });

  describe('timestamped form t=<unix>,v1=<hex>', () => {
    const signed = (t: number | string, body: Uint8Array = BODY, secret = SECRET) =>
      mac(Buffer.concat([Buffer.from(`${t}.`), body]), secret).toString('hex');

    const LIMIT = SIGNATURE_TOLERANCE_SECONDS;

    it('accepts now, and up to the tolerance either side', () => {
      for (const skew of [0, LIMIT, -LIMIT, LIMIT - 1, 1 - LIMIT]) {
        const t = NOW_S + skew;
        expect(check(`t=${t},v1=${signed(t)}`), `skew ${skew}`).to.deep.equal({
          valid: true,
          scheme: 'timestamped',
          secretIndex: 0,
        });
      }
    });

    it('refuses a second past the tolerance either side, even with a valid MAC', () => {
      for (const skew of [LIMIT + 1, -LIMIT - 1, 86400, -86400]) {
        const t = NOW_S + skew;
        expect(check(`t=${t},v1=${signed(t)}`), `skew ${skew}`).to.deep.equal({
          valid: false,
          reason: 'timestamp_outside_window',
        });
      }
    });

    it('signs <t>.<body>: a MAC of the body alone, or of another t, does not pass', () => {
      expect(check(`t=${NOW_S},v1=${mac(BODY).toString('hex')}`).valid).to.equal(false);
      expect(check(`t=${NOW_S},v1=${signed(NOW_S - 1)}`).valid).to.equal(false);
    });

    it('accepts several v1 entries, upper-case hex, and ignores other schemes like v0', () => {
      const header = `t=${NOW_S},v1=${'0'.repeat(64)},v0=abc,v1=${signed(NOW_S).toUpperCase()}`;
      expect(check(header).valid).to.equal(true);
    });

    it('is the only form a trigger with require_timestamp accepts', () => {
      expect(check(`sha256=${mac(BODY).toString('hex')}`, { requireTimestamp: true })).to.deep.equal({
        valid: false,
        reason: 'timestamp_required',
      });
      expect(check(`t=${NOW_S},v1=${signed(NOW_S)}`, { requireTimestamp: true }).valid).to.equal(true);
    });
  });

  it('does one MAC per secret whatever the header holds (missing, malformed, wrong or right)', () => {
    let macs = 0;
    const counting = new HmacSignatureVerifier((secret, ...parts) => {
      macs++;
      return hmacSha256(secret, ...parts);
    });
    const secrets = [SECRET, `${SECRET}-previous`];
    const headers = [
      undefined,
      'sha256=nope',
      'x'.repeat(5000),
      `sha256=${'0'.repeat(64)}`,
      `t=${NOW_S},v1=${'0'.repeat(64)}`,
      mac(BODY).toString('hex'),
    ];
    for (const header of headers) {
      macs = 0;
      counting.verify({
        headers: xSignature(header),
        body: BODY,
        secrets,
        now: NOW,
        requireTimestamp: false,
      });
      expect(macs, String(header).slice(0, 20)).to.equal(secrets.length);
    }
  });
});
