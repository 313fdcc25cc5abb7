import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { decodeProtectedHeader } from 'jose';
import { CachedAccessTokenService } from '../../../../src/adapters/identity/cached-access-token-service.ts';
import { CachedSigningKeys } from '../../../../src/adapters/identity/cached-signing-keys.ts';
import {
  type AccessTokenKeys,
  JoseAccessTokenService,
} from '../../../../src/adapters/identity/jose-access-token-service.ts';
import { InMemorySigningKeyStore } from '../../../../src/adapters/identity/memory/in-memory-signing-key-store.ts';
import { AesGcmSecretBox } from '../../../../src/adapters/platform/crypto/aes-gcm-secret-box.ts';
import type {
  AccessTokenClaims,
  AccessTokenService,
} from '../../../../src/application/identity/ports/access-token-service.ts';
import { InvalidToken, TokenExpired } from '../../../../src/domain/identity/auth-errors.ts';
import { FixedClock } from '../../../support/auth-fakes.ts';

const config = {
  jwt: { algorithm: 'EdDSA' as const, issuer: 'https://api.example.test', audience: 'platform-api' },
};
const claims = (n: number): AccessTokenClaims => ({
  userId: `0190f3a4-0000-7000-8000-00000000000${n}`,
  sessionId: `0190f3a4-0000-7000-8000-0000000000a${n}`,
});

/** The real service, counting the verifications it does. */
class CountingService implements AccessTokenService {
  verifications = 0;
  readonly inner: AccessTokenService;
  constructor(inner: AccessTokenService) {
    this.inner = inner;
  }
  issue(issued: AccessTokenClaims) {
    return this.inner.issue(issued);
  }
  verify(token: string) {
    this.verifications++;
    return this.inner.verify(token);
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the token was accepted'),
    (error: unknown) => error,
  );
}

describe('CachedAccessTokenService', () => {
  let clock: FixedClock;
  let jose: CountingService;
  let withdrawn: Set<string>;
  let service: CachedAccessTokenService;

  beforeEach(() => {
    clock = new FixedClock();
    const secretBox = new AesGcmSecretBox({ masterKey: randomBytes(32) });
    const signingKeys = new CachedSigningKeys({
      signingKeyStore: new InMemorySigningKeyStore(),
      secretBox,
      clock,
      config,
    });
    withdrawn = new Set();
    // The keys as the cache sees them: a kid can be withdrawn, as the store does once a retired key expires.
    const keys: AccessTokenKeys = {
      currentSigningKey: () => signingKeys.currentSigningKey(),
      verificationKey: async (kid) => (withdrawn.has(kid) ? undefined : signingKeys.verificationKey(kid)),
    };
    jose = new CountingService(new JoseAccessTokenService({ accessTokenKeys: keys, clock, config }));
    service = new CachedAccessTokenService({ inner: jose, keys, clock, maxEntries: 2 });
  });

  it('checks the signature of a token once, and answers its claims after that', async () => {
    const { token } = await service.issue(claims(1));
    expect(await service.verify(token)).to.deep.equal(claims(1));
    expect(await service.verify(token)).to.deep.equal(claims(1));
    expect(jose.verifications).to.equal(1);
  });

  it('checks the expiry on every use', async () => {
    const { token } = await service.issue(claims(1));
    await service.verify(token);
    clock.advance(899);
    expect(await service.verify(token)).to.deep.equal(claims(1));
    clock.advance(1);
    expect(await rejection(service.verify(token))).to.be.instanceOf(TokenExpired);
    expect(jose.verifications).to.equal(1);
  });

  it('refuses a known token once its signing key no longer verifies', async () => {
    const { token } = await service.issue(claims(1));
    await service.verify(token);
    withdrawn.add(decodeProtectedHeader(token).kid as string);
    expect(await rejection(service.verify(token))).to.be.instanceOf(InvalidToken);
    expect(await rejection(service.verify(token))).to.be.instanceOf(InvalidToken);
  });

  it('keeps no refused token: each try is verified again', async () => {
    const { token } = await service.issue(claims(1));
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (let i = 0; i < 2; i++)
      expect(await rejection(service.verify(tampered))).to.be.instanceOf(InvalidToken);
    expect(jose.verifications).to.equal(2);
  });

  it('holds at most maxEntries tokens, dropping the least recently used', async () => {
    const tokens = await Promise.all([1, 2, 3].map(async (n) => (await service.issue(claims(n))).token));
    for (const token of tokens) await service.verify(token);
    expect(jose.verifications).to.equal(3);
    await service.verify(tokens[2] as string);
    await service.verify(tokens[1] as string);
    expect(jose.verifications).to.equal(3);
    await service.verify(tokens[0] as string);
    expect(jose.verifications).to.equal(4);
  });
});
