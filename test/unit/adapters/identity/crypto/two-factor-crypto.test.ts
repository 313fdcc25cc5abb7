import { expect } from 'chai';
import { HmacMfaTokens } from '../../../../../src/adapters/identity/crypto/hmac-mfa-tokens.ts';
import { HmacRecoveryCodes } from '../../../../../src/adapters/identity/crypto/hmac-recovery-codes.ts';
import { OtpauthTotpAuthenticator } from '../../../../../src/adapters/identity/crypto/otpauth-totp-authenticator.ts';
import { QrcodeSvgQrCodes } from '../../../../../src/adapters/identity/qrcode-svg-qr-codes.ts';
import { normalisedCode, totpStep } from '../../../../../src/domain/identity/two-factor.ts';
import { TEST_MASTER_KEY } from '../../../../support/test-settings.ts';

/** RFC 6238 appendix B's SHA-1 key ("12345678901234567890") in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** Appendix B's SHA-1 vectors (8 digits there; apps show the last 6). */
const VECTORS: readonly [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP through otpauth', () => {
  const totp = new OtpauthTotpAuthenticator({ issuer: 'platform.example' });

  it('matches the RFC 6238 test vectors, naming the step of the code', () => {
    for (const [seconds, code] of VECTORS) {
      const at = new Date(seconds * 1000);
      expect(totp.stepOf(RFC_SECRET, code.slice(2), at), String(seconds)).to.equal(totpStep(at));
    }
  });

  it('accepts the codes of one step either side (drift), and names their own step; no further', () => {
    const at = new Date(1111111111 * 1000);
    const step = totpStep(at);
    expect(totp.stepOf(RFC_SECRET, '050471', new Date(at.getTime() + 30_000))).to.equal(step);
    expect(totp.stepOf(RFC_SECRET, '050471', new Date(at.getTime() - 30_000))).to.equal(step);
    expect(totp.stepOf(RFC_SECRET, '050471', new Date(at.getTime() + 61_000))).to.equal(undefined);
    expect(totp.stepOf(RFC_SECRET, '000000', at)).to.equal(undefined);
  });

  it('makes 160-bit secrets and an otpauth URI apps enrol from', () => {
    const secret = totp.newSecret();
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    expect(totp.newSecret()).not.to.equal(secret);
    const uri = new URL(totp.enrolmentUri(secret, 'ada@example.com'));
    expect(uri.protocol).to.equal('otpauth:');
    expect([uri.host, decodeURIComponent(uri.pathname)]).to.deep.equal([
      'totp',
      '/platform.example:ada@example.com',
    ]);
    expect(Object.fromEntries(uri.searchParams)).to.deep.equal({
      issuer: 'platform.example',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('draws the URI as an SVG of paths only', async () => {
    const svg = await new QrcodeSvgQrCodes().svg(totp.enrolmentUri(totp.newSecret(), 'ada'));
    expect(svg).to.match(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.to.match(/<script|href|<image/i);
  });
});

describe('mfa tokens (HMAC)', () => {
  const tokens = new HmacMfaTokens({ masterKey: TEST_MASTER_KEY });
  const claim = { userId: '0190c5a8-0000-7000-8000-000000000001', securityEpoch: 3 };
  const now = new Date('2026-11-21T12:00:00Z');
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  it('reads back its claim until it expires', () => {
    const token = tokens.issue(claim, later(300));
    expect(token).to.match(/^mfa_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.read(token, later(299))).to.deep.equal(claim);
    expect(tokens.read(token, later(300))).to.equal(undefined);
  });

  it('refuses a token altered, made under another key, or malformed', () => {
    const token = tokens.issue(claim, later(300));
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ u: claim.userId, e: 4, x: later(300).getTime() })).toString(
      'base64url',
    );
    const other = new HmacMfaTokens({ masterKey: Buffer.alloc(32, 7) }).issue(claim, later(300));
    for (const bad of [
      `mfa_${forged}.${mac}`,
      // Another last character that decodes to other bits (the same one, 1 time in 16, altered nothing).
      `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'Q' : 'A'}`,
      other,
      'mfa_',
      'x'.repeat(5000),
      '',
    ]) {
      expect(tokens.read(bad, now), bad.slice(0, 40)).to.equal(undefined);
    }
  });
});

describe('recovery codes (HMAC)', () => {
  const codes = new HmacRecoveryCodes({ masterKey: TEST_MASTER_KEY });

  it('makes distinct codes of about 50 bits, easy to read aloud', () => {
    const made = codes.generate(10);
    expect(made).to.have.length(10);
    expect(new Set(made).size).to.equal(10);
    for (const code of made) expect(code).to.match(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
  });

  it('hashes under a key: the same code the same way, another key otherwise', () => {
    const [code] = codes.generate(1) as [string];
    const hash = codes.hash(normalisedCode(code));
    expect(codes.hash(normalisedCode(code.toUpperCase()))).to.equal(hash);
    expect(hash).not.to.include(normalisedCode(code));
    expect(new HmacRecoveryCodes({ masterKey: Buffer.alloc(32, 7) }).hash(normalisedCode(code))).not.to.equal(
      hash,
    );
  });
});
