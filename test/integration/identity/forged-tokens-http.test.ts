import { createHmac, randomUUID, webcrypto } from 'node:crypto';
import { expect } from 'chai';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { baitServer } from '../../support/bait-server.ts';
import { suiteApp, suiteUser } from '../../support/http-suite.ts';
import { json } from '../../support/json.ts';

const b64u = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');

/**
 * The verifier's attacks, end to end: each forged token goes to GET /api/auth/me on the real server and must
 * be refused with 401 and an RFC 6750 challenge. (The adapter's own tests cover each case in more depth.)
 */
describe('forged access tokens over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const ada = suiteUser(app);
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  let sign: (input: string) => Promise<string>;

  before(async () => {
    header = decodeProtectedHeader(ada.accessToken) as Record<string, unknown>;
    claims = decodeJwt(ada.accessToken) as Record<string, unknown>;
    const { key } = await app.container.cradle.accessTokenKeys.currentSigningKey();
    sign = async (input) =>
      b64u(
        new Uint8Array(
          await webcrypto.subtle.sign('Ed25519', key as webcrypto.CryptoKey, Buffer.from(input)),
        ),
      );
  });

  async function forge(
    headerOverride: Record<string, unknown>,
    claimsOverride: Record<string, unknown> = {},
  ) {
    const input = `${b64u(JSON.stringify({ ...header, ...headerOverride }))}.${b64u(JSON.stringify({ ...claims, ...claimsOverride }))}`;
    return `${input}.${await sign(input)}`;
  }

  async function expectRefused(token: string, code = 'invalid_token') {
    const response = await app.request('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, token.slice(0, 80)).to.equal(401);
    expect(response.headers.get('www-authenticate')).to.include('error="invalid_token"');
    expect((await json(response)).code).to.equal(code);
  }

  it('accepts the genuine token and a faithful re-signing of it (so each refusal below is for its one change)', async () => {
    for (const token of [ada.accessToken, await forge({})]) {
      expect(
        (await app.request('/api/auth/me', { headers: ada.auth && { authorization: `Bearer ${token}` } }))
          .status,
      ).to.equal(200);
    }
  });

  it('refuses alg none in every casing', async () => {
    const [, payload] = ada.accessToken.split('.');
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      const unsigned = `${b64u(JSON.stringify({ ...header, alg }))}.${payload}.`;
      await expectRefused(unsigned);
    }
  });

  it('refuses HS256 keyed with the published public key', async () => {
    const { keys } = await json(await app.request('/api/auth/jwks.json'));
    const jwk = keys.find((k: { kid: string }) => k.kid === header.kid);
    for (const secret of [JSON.stringify(jwk), Buffer.from(jwk.x, 'base64url'), jwk.x]) {
      const input = `${b64u(JSON.stringify({ ...header, alg: 'HS256' }))}.${ada.accessToken.split('.')[1]}`;
      await expectRefused(`${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`);
    }
  });

  it('refuses a bit-flipped payload, a stripped and a truncated signature', async () => {
    const [h, p, s] = ada.accessToken.split('.') as [string, string, string];
    const flipped = Buffer.from(p, 'base64url');
    flipped[10] = (flipped[10] ?? 0) ^ 1;
    await expectRefused(`${h}.${b64u(flipped)}.${s}`);
    await expectRefused(`${h}.${p}.`);
    await expectRefused(`${h}.${p}`);
    await expectRefused(`${h}.${p}.${s.slice(0, -4)}`);
  });

  it('refuses unknown and path-like kids', async () => {
    for (const kid of ['no-such-key', '../../etc/passwd', "x' or '1'='1", ''])
      await expectRefused(await forge({ kid }));
  });

  it('never fetches a jku, x5u or embedded jwk', async () => {
    const bait = await baitServer();
    const { url } = bait;
    try {
      await expectRefused(await forge({ kid: 'attacker', jku: url }));
      await expectRefused(await forge({ kid: 'attacker', x5u: url }));
      // The genuine key with jku added still verifies: the header member is ignored, never followed.
      const ignored = await forge({ jku: url });
      expect(
        (await app.request('/api/auth/me', { headers: { authorization: `Bearer ${ignored}` } })).status,
      ).to.equal(200);
      expect(bait.requests()).to.equal(0);
    } finally {
      await bait.close();
    }
  });

  it('refuses a wrong issuer, audience or typ', async () => {
    await expectRefused(await forge({}, { iss: 'https://evil.example' }));
    await expectRefused(await forge({}, { aud: 'another-api' }));
    await expectRefused(await forge({ typ: 'JWT' }));
    await expectRefused(await forge({ typ: undefined }));
  });

  it('refuses an expired and a not-yet-valid token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(
      await forge({}, { iat: now - 901, exp: now - 1, jti: randomUUID() }),
      'token_expired',
    );
    await expectRefused(await forge({}, { iat: now + 120, exp: now + 1020 }));
    await expectRefused(await forge({}, { nbf: now + 120 }));
  });

  it('refuses a 100 KB token fast, before any verification (431 problem+json from the HTTP layer)', async () => {
    const started = performance.now();
    const huge = await forge({}, { padding: 'x'.repeat(100 * 1024) });
    const response = await app.request('/api/auth/me', { headers: { authorization: `Bearer ${huge}` } });
    expect(response.status).to.equal(431);
    expect(response.headers.get('content-type')).to.equal('application/problem+json');
    expect((await json(response)).code).to.equal('headers_too_large');
    expect(response.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(performance.now() - started).to.be.lessThan(1000);
    // Under the 16 KiB header limit, an oversized token reaches the verifier and is refused there.
    await expectRefused(await forge({}, { padding: 'x'.repeat(10 * 1024) }));
  });
});
