import {
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  sign as nodeSign,
  randomBytes,
  randomUUID,
  webcrypto,
} from 'node:crypto';
import { expect } from 'chai';
import { type CryptoKey, createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { CachedSigningKeys } from '../../../../src/adapters/identity/cached-signing-keys.ts';
import {
  type AccessTokenAlgorithm,
  JoseAccessTokenService,
} from '../../../../src/adapters/identity/jose-access-token-service.ts';
import { InMemorySigningKeyStore } from '../../../../src/adapters/identity/memory/in-memory-signing-key-store.ts';
import { AesGcmSecretBox } from '../../../../src/adapters/platform/crypto/aes-gcm-secret-box.ts';
import type { SigningKeyStore } from '../../../../src/application/identity/ports/signing-key-store.ts';
import { InvalidToken, TokenExpired } from '../../../../src/domain/identity/auth-errors.ts';
import { FixedClock } from '../../../support/auth-fakes.ts';
import { baitServer } from '../../../support/bait-server.ts';

const ISSUER = 'https://api.example.test';
const AUDIENCE = 'platform-api';
const USER = '0190f3a4-0000-7000-8000-000000000001';
const SESSION = '0190f3a4-0000-7000-8000-0000000000aa';
const MASTER_KEY = randomBytes(32);

interface Instance {
  readonly keys: CachedSigningKeys;
  readonly service: JoseAccessTokenService;
}

/** One server instance: the jose service on cached keys from `signingKeyStore` (shared by instances). */
function instance(
  signingKeyStore: SigningKeyStore,
  clock: FixedClock,
  algorithm: AccessTokenAlgorithm = 'EdDSA',
): Instance {
  const config = { jwt: { algorithm, issuer: ISSUER, audience: AUDIENCE } };
  const secretBox = new AesGcmSecretBox({ masterKey: MASTER_KEY });
  const keys = new CachedSigningKeys({ signingKeyStore, secretBox, clock, config });
  return { keys, service: new JoseAccessTokenService({ accessTokenKeys: keys, clock, config }) };
}

const b64u = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const json = (value: unknown) => b64u(JSON.stringify(value));

type Signer = (input: Uint8Array) => Promise<Uint8Array> | Uint8Array;

/** Assembles a compact JWS by hand, so a test controls every header member and byte. */
async function forge(header: Record<string, unknown>, payload: Record<string, unknown>, signer: Signer) {
  const input = `${json(header)}.${json(payload)}`;
  return `${input}.${b64u(await signer(Buffer.from(input)))}`;
}

const ed25519Signer =
  (key: CryptoKey): Signer =>
  async (input) =>
    new Uint8Array(await webcrypto.subtle.sign('Ed25519', key, input));
const hmacSigner =
  (secret: Uint8Array | string): Signer =>
  (input) =>
    createHmac('sha256', secret).update(input).digest();

/** Rejects with exactly `type` (a DomainError class), and with its stable code. */
async function expectRejection(promise: Promise<unknown>, type: typeof InvalidToken | typeof TokenExpired) {
  const outcome = await promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ error }),
  );
  expect(outcome, 'the verifier accepted the token').to.have.property('error');
  const { error } = outcome as { error: Error & { code?: string } };
  expect(error).to.be.instanceOf(type);
  expect(error.code).to.equal(type === TokenExpired ? 'token_expired' : 'invalid_token');
}

describe('JoseAccessTokenService (on cached keys in memory)', () => {
  let store: InMemorySigningKeyStore;
  let clock: FixedClock;
  let first: Instance;

  beforeEach(() => {
    store = new InMemorySigningKeyStore();
    clock = new FixedClock();
    first = instance(store, clock);
  });

  const now = () => Math.floor(clock.now().getTime() / 1000);
  const claims = (overrides: Record<string, unknown> = {}) => ({
    iss: ISSUER,
    aud: AUDIENCE,
    sub: USER,
    sid: SESSION,
    iat: now(),
    exp: now() + 900,
    jti: randomUUID(),
    ...overrides,
  });
  /** The genuine current key: what an attacker does not have, used to show a check is not just "bad signature". */
  const genuine = async () => {
    const { kid, key } = await first.keys.currentSigningKey();
    return { kid, signer: ed25519Signer(key as CryptoKey), header: { alg: 'EdDSA', typ: 'at+jwt', kid } };
  };

  describe('issuing and verifying', () => {
    it('issues an EdDSA at+jwt with every claim, exp = iat + 900, and verifies it', async () => {
      const { token, expiresIn } = await first.service.issue({ userId: USER, sessionId: SESSION });
      expect(expiresIn).to.equal(900);
      const header = decodeProtectedHeader(token);
      expect(header).to.have.keys('alg', 'typ', 'kid');
      expect(header).to.include({ alg: 'EdDSA', typ: 'at+jwt' });
      const payload = decodeJwt(token);
      expect(payload).to.include({ iss: ISSUER, aud: AUDIENCE, sub: USER, sid: SESSION, iat: now() });
      expect(payload.exp).to.equal(now() + 900);
      expect(payload.jti).to.match(/^[0-9a-f-]{36}$/);
      expect(await first.service.verify(token)).to.deep.equal({ userId: USER, sessionId: SESSION });
    });

    it('accepts a hand-forged token made with the genuine key (the attacks below differ by one thing only)', async () => {
      const { signer, header } = await genuine();
      const token = await forge(header, claims(), signer);
      expect(await first.service.verify(token)).to.deep.equal({ userId: USER, sessionId: SESSION });
    });
  });

  describe('refuses forged and altered tokens', () => {
    it('refuses alg "none" in every casing, with or without a signature part', async () => {
      const { kid, signer } = await genuine();
      for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
        const header = { alg, typ: 'at+jwt', kid };
        const unsigned = `${json(header)}.${json(claims())}.`;
        await expectRejection(first.service.verify(unsigned), InvalidToken);
        await expectRejection(first.service.verify(unsigned.slice(0, -1)), InvalidToken);
        await expectRejection(first.service.verify(await forge(header, claims(), signer)), InvalidToken);
      }
    });

    it('refuses HS256 keyed with the published public key (algorithm confusion)', async () => {
      const { kid } = await genuine();
      const [jwk] = (await first.keys.publicJwks()).keys as { x: string }[];
      const publicKey = createPublicKey({ key: jwk as never, format: 'jwk' });
      const candidates: (Uint8Array | string)[] = [
        Buffer.from(jwk!.x, 'base64url'),
        jwk!.x,
        JSON.stringify(jwk),
        publicKey.export({ type: 'spki', format: 'der' }),
        publicKey.export({ type: 'spki', format: 'pem' }) as string,
      ];
      for (const secret of candidates) {
        const token = await forge({ alg: 'HS256', typ: 'at+jwt', kid }, claims(), hmacSigner(secret));
        await expectRejection(first.service.verify(token), InvalidToken);
      }
    });

    it('refuses a bit-flipped payload and a bit-flipped signature', async () => {
      const { token } = await first.service.issue({ userId: USER, sessionId: SESSION });
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const bytes = Buffer.from(payload, 'base64url');
      bytes[bytes.indexOf(Buffer.from(USER)) + 35]! ^= 0x01; // last character of sub: ...01 -> ...00
      await expectRejection(first.service.verify(`${header}.${b64u(bytes)}.${signature}`), InvalidToken);
      const sig = Buffer.from(signature, 'base64url');
      sig[10]! ^= 0x80;
      await expectRejection(first.service.verify(`${header}.${payload}.${b64u(sig)}`), InvalidToken);
    });

    it('refuses a stripped or truncated signature', async () => {
      const { token } = await first.service.issue({ userId: USER, sessionId: SESSION });
      const [header, payload, signature] = token.split('.') as [string, string, string];
      for (const altered of [
        `${header}.${payload}.`,
        `${header}.${payload}`,
        `${header}.${payload}.${signature.slice(0, -4)}`,
        `${header}.${payload}.${signature.slice(0, 43)}`,
        `${header}.${payload}.${signature}.${signature}`,
        `${header}.${payload}.${signature}=`,
      ]) {
        await expectRejection(first.service.verify(altered), InvalidToken);
      }
    });

    it('refuses unknown, path-like, SQL-like and non-string kids, storing no key', async () => {
      const { signer } = await genuine();
      const stored = () => store.usable('EdDSA', new Date(0));
      const before = await stored();
      for (const kid of [
        randomBytes(32).toString('base64url'),
        '../../etc/passwd',
        "x' or '1'='1",
        "'; delete from signing_keys; --",
        '',
        'a'.repeat(65),
        42,
        { $ne: null },
        null,
        undefined,
      ]) {
        const token = await forge({ alg: 'EdDSA', typ: 'at+jwt', kid }, claims(), signer);
        await expectRejection(first.service.verify(token), InvalidToken);
      }
      expect(await stored()).to.deep.equal(before);
    });

    it('never fetches jku or x5u, and never trusts an embedded jwk or x5c', async () => {
      const bait = await baitServer();
      const { url } = bait;
      try {
        const attacker = generateKeyPairSync('ed25519');
        const attackerJwk = attacker.publicKey.export({ format: 'jwk' });
        const attackerSigner: Signer = (input) => nodeSign(null, input, attacker.privateKey);
        const { kid } = await genuine();
        for (const headerKid of ['attacker-key', kid]) {
          const header = {
            alg: 'EdDSA',
            typ: 'at+jwt',
            kid: headerKid,
            jku: url,
            x5u: url,
            jwk: attackerJwk,
            x5c: ['MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'],
          };
          await expectRejection(
            first.service.verify(await forge(header, claims(), attackerSigner)),
            InvalidToken,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(bait.requests()).to.equal(0);
      } finally {
        await bait.close();
      }
    });

    it('refuses a wrong issuer, audience or typ, and a missing typ', async () => {
      const { kid, signer, header } = await genuine();
      const cases: [Record<string, unknown>, Record<string, unknown>][] = [
        [header, claims({ iss: 'https://evil.example' })],
        [header, claims({ aud: 'another-api' })],
        [header, claims({ aud: ['another-api'] })],
        [header, claims({ iss: undefined })],
        [header, claims({ aud: undefined })],
        [{ alg: 'EdDSA', typ: 'JWT', kid }, claims()],
        [{ alg: 'EdDSA', typ: 'id+jwt', kid }, claims()],
        [{ alg: 'EdDSA', kid }, claims()],
      ];
      for (const [h, p] of cases) {
        await expectRejection(first.service.verify(await forge(h, p, signer)), InvalidToken);
      }
    });

    it('refuses tokens missing sub, sid, jti, iat or exp', async () => {
      const { signer, header } = await genuine();
      for (const claim of ['sub', 'sid', 'jti', 'iat', 'exp']) {
        await expectRejection(
          first.service.verify(await forge(header, claims({ [claim]: undefined }), signer)),
          InvalidToken,
        );
      }
      await expectRejection(
        first.service.verify(await forge(header, claims({ sid: 7 }), signer)),
        InvalidToken,
      );
    });

    it('refuses a crit header, even one naming a member that is present', async () => {
      const { signer, header } = await genuine();
      for (const extra of [
        { crit: ['exp'] },
        { crit: ['x-policy'], 'x-policy': 1 },
        { crit: [] },
        { crit: ['b64'], b64: true },
      ]) {
        await expectRejection(
          first.service.verify(await forge({ ...header, ...extra }, claims(), signer)),
          InvalidToken,
        );
      }
    });

    it('refuses a 100 KB token signed with the genuine key, and non-token inputs', async () => {
      const { signer, header } = await genuine();
      const big = await forge(header, claims({ padding: 'x'.repeat(100 * 1024) }), signer);
      expect(big.length).to.be.greaterThan(100 * 1024);
      await expectRejection(first.service.verify(big), InvalidToken);
      for (const value of ['', 'a.b.c', 'a.b.c.d.e', '...', undefined, null, 42, {}]) {
        await expectRejection(first.service.verify(value as string), InvalidToken);
      }
    });
  });

  describe('lifetime', () => {
    it('expires exactly 900 s after iat, and stays expired beyond the leeway', async () => {
      const { token } = await first.service.issue({ userId: USER, sessionId: SESSION });
      clock.advance(899);
      expect(await first.service.verify(token)).to.deep.equal({ userId: USER, sessionId: SESSION });
      clock.advance(1);
      await expectRejection(first.service.verify(token), TokenExpired);
      clock.advance(31);
      await expectRejection(first.service.verify(token), TokenExpired);
    });

    it('refuses a token claiming a longer lifetime than 900 s', async () => {
      const { signer, header } = await genuine();
      await expectRejection(
        first.service.verify(await forge(header, claims({ exp: now() + 3600 }), signer)),
        InvalidToken,
      );
    });

    it('refuses iat or nbf more than 30 s in the future, and tolerates a little skew', async () => {
      const { signer, header } = await genuine();
      const skewed = claims({ iat: now() + 20, exp: now() + 920 });
      expect(await first.service.verify(await forge(header, skewed, signer))).to.deep.equal({
        userId: USER,
        sessionId: SESSION,
      });
      for (const future of [
        claims({ iat: now() + 60, exp: now() + 960 }),
        claims({ iat: now() + 31, exp: now() + 931 }),
        claims({ nbf: now() + 60 }),
      ]) {
        await expectRejection(first.service.verify(await forge(header, future, signer)), InvalidToken);
      }
    });
  });

  describe('JWKS', () => {
    it('publishes the current and previous public keys, without private members, usable by other verifiers', async () => {
      const { token: old } = await first.service.issue({ userId: USER, sessionId: SESSION });
      await first.keys.rotate();
      const { token: fresh } = await first.service.issue({ userId: USER, sessionId: SESSION });
      const jwks = await first.keys.publicJwks();
      expect(jwks.keys).to.have.length(2);
      for (const key of jwks.keys) {
        expect(key).to.have.keys('kty', 'crv', 'x', 'kid', 'alg', 'use');
        expect(key).to.include({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
        expect(key).to.not.have.any.keys('d', 'p', 'q', 'dp', 'dq', 'qi', 'k');
      }
      const external = createLocalJWKSet({ keys: jwks.keys as never });
      for (const token of [old, fresh]) {
        const { payload } = await jwtVerify(token, external, {
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: 'at+jwt',
          currentDate: clock.now(),
        });
        expect(payload.sid).to.equal(SESSION);
      }
    });
  });

  describe('other algorithms', () => {
    it('ES256: signs, verifies and publishes a P-256 key without d', async () => {
      const es = instance(store, clock, 'ES256');
      const { token } = await es.service.issue({ userId: USER, sessionId: SESSION });
      expect(decodeProtectedHeader(token)).to.include({ alg: 'ES256', typ: 'at+jwt' });
      expect(await es.service.verify(token)).to.deep.equal({ userId: USER, sessionId: SESSION });
      const { keys } = await es.keys.publicJwks();
      expect(keys).to.have.length(1);
      expect(keys[0]).to.have.keys('kty', 'crv', 'x', 'y', 'kid', 'alg', 'use');
      expect(keys[0]).to.include({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      await expectRejection(first.service.verify(token), InvalidToken);
    });

    it('HS256: signs and verifies with a secret key, publishes nothing, and survives rotation', async () => {
      const hs = instance(store, clock, 'HS256');
      const { token } = await hs.service.issue({ userId: USER, sessionId: SESSION });
      expect(decodeProtectedHeader(token)).to.include({ alg: 'HS256', typ: 'at+jwt' });
      expect(decodeProtectedHeader(token).kid).to.match(/^hs256-[0-9a-f]{16}$/);
      expect(await hs.service.verify(token)).to.deep.equal({ userId: USER, sessionId: SESSION });
      expect((await hs.keys.publicJwks()).keys).to.deep.equal([]);
      await hs.keys.rotate();
      expect(await hs.service.verify(token)).to.deep.equal({ userId: USER, sessionId: SESSION });
      expect(await instance(store, clock, 'HS256').service.verify(token)).to.deep.equal({
        userId: USER,
        sessionId: SESSION,
      });
      // An EdDSA-configured verifier pins EdDSA: an HS256 token is refused whatever its key.
      await expectRejection(first.service.verify(token), InvalidToken);
    });
  });
});
