import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { decodeProtectedHeader } from 'jose';
import {
  CachedSigningKeys,
  type SigningKeysCacheTimings,
} from '../../../src/adapters/identity/cached-signing-keys.ts';
import { JoseAccessTokenService } from '../../../src/adapters/identity/jose-access-token-service.ts';
import { AesGcmSecretBox } from '../../../src/adapters/platform/crypto/aes-gcm-secret-box.ts';
import type { SigningKeyStore } from '../../../src/application/identity/ports/signing-key-store.ts';
import { FixedClock } from '../../support/auth-fakes.ts';
import { WORLDS } from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';

const USER = '0190f3a4-0000-7000-8000-000000000001';
const SESSION = '0190f3a4-0000-7000-8000-0000000000aa';
const config = { jwt: { algorithm: 'EdDSA' as const, issuer: 'https://api.example.test', audience: 'keys' } };
const secretBox = new AesGcmSecretBox({ masterKey: randomBytes(32) });
const claims = { userId: USER, sessionId: SESSION };
const ever = new Date(0);

/** The store, with `after` awaited after every read (to count them, or to widen a race window). */
function watched(store: SigningKeyStore, after: () => unknown): SigningKeyStore {
  return {
    usable: async (...args) => {
      const keys = await store.usable(...args);
      await after();
      return keys;
    },
    addIfNoneCurrent: (key) => store.addIfNoneCurrent(key),
    rotate: (key) => store.rotate(key),
  };
}

for (const [name, makeWorld] of WORLDS) {
  describe(`CachedSigningKeys on the ${name} store`, () => {
    let store: SigningKeyStore;
    let clock: FixedClock;

    /** One server instance: the jose service on its own cache of the shared store. */
    const instance = (shared = store, timings?: SigningKeysCacheTimings) => {
      const keys = new CachedSigningKeys({ signingKeyStore: shared, secretBox, clock, config }, timings);
      return { keys, service: new JoseAccessTokenService({ accessTokenKeys: keys, clock, config }) };
    };
    const kidOf = (token: string) => decodeProtectedHeader(token).kid;

    beforeEach(async () => {
      // The EdDSA keys in the test database are sealed under other master keys: start from an empty table.
      if (name === 'PostgreSQL') await (await testDatabase()).db.query('delete from signing_keys');
      store = (await makeWorld()).signingKeyStore;
      clock = new FixedClock();
    });

    after(async () => {
      if (name === 'PostgreSQL') await (await testDatabase()).db.query('delete from signing_keys');
    });

    it('hands the store a sealed private key and a public JWK without private members', async () => {
      await instance().service.issue(claims);
      const [key] = await store.usable('EdDSA', ever);
      expect(key?.sealedPrivateKey).to.match(/^v1\./).and.not.include('PRIVATE');
      expect(key?.publicJwk).to.have.keys('kty', 'crv', 'x');
    });

    it('lets a second instance verify the first one’s tokens, and sign with the same key', async () => {
      const [first, second] = [instance(), instance()];
      const { token } = await first.service.issue(claims);
      expect(await second.service.verify(token)).to.deep.equal(claims);
      const { token: back } = await second.service.issue(claims);
      expect(kidOf(back)).to.equal(kidOf(token));
      expect(await first.service.verify(back)).to.deep.equal(claims);
    });

    it('creates exactly one current key when instances start together', async () => {
      // Every instance pauses after finding no key, so all of them go on to create one.
      const slowed = watched(store, () => new Promise((resolve) => setTimeout(resolve, 50)));
      const instances = Array.from({ length: 5 }, () => instance(slowed));
      const tokens = await Promise.all(
        instances.flatMap((each) => Array.from({ length: 4 }, () => each.service.issue(claims))),
      );
      expect(new Set(tokens.map(({ token }) => kidOf(token))).size).to.equal(1);
      expect(await store.usable('EdDSA', ever)).to.have.lengthOf(1);
    });

    it('keeps verifying a token of the retired key until it expires, on every instance', async () => {
      const first = instance();
      const second = instance(store, { ttlMs: 30_000, unknownKidReloadMs: 0 });
      const { token: old } = await first.service.issue(claims);
      await second.service.verify(old); // the second instance has now cached the old key
      const newKid = await first.keys.rotate();
      expect(newKid).to.not.equal(kidOf(old));

      const { token: fresh } = await first.service.issue(claims);
      expect(kidOf(fresh)).to.equal(newKid);
      clock.advance(899);
      for (const verifier of [first, second]) {
        expect(await verifier.service.verify(old)).to.deep.equal(claims);
        expect(await verifier.service.verify(fresh)).to.deep.equal(claims);
      }
    });

    it('stops accepting a retired key 930 s after its retirement, and stops publishing it', async () => {
      const first = instance();
      const { kid } = await first.keys.currentSigningKey();
      await first.keys.rotate();
      clock.advance(929);
      expect(await first.keys.verificationKey(kid)).to.not.equal(undefined);
      expect((await first.keys.publicJwks()).keys.map((key) => key.kid)).to.include(kid);
      clock.advance(1);
      expect(await first.keys.verificationKey(kid)).to.equal(undefined);
      expect((await first.keys.publicJwks()).keys.map((key) => key.kid)).to.not.include(kid);
    });

    it('reloads on an unknown kid at most once per interval, however many arrive', async () => {
      const { token } = await instance().service.issue(claims);
      let reads = 0;
      const counted = instance(
        watched(store, () => {
          reads++;
        }),
      );
      await counted.service.verify(token);
      const afterFirstLoad = reads;
      const unknownKids = Array.from({ length: 250 }, () => randomBytes(16).toString('base64url'));
      for (const kid of unknownKids.slice(0, 50))
        expect(await counted.keys.verificationKey(kid)).to.equal(undefined);
      const flood = await Promise.all(unknownKids.slice(50).map((kid) => counted.keys.verificationKey(kid)));
      expect(flood.every((key) => key === undefined)).to.equal(true);
      expect(reads - afterFirstLoad).to.be.at.most(1);
    });

    it('refuses a private key sealed for another kid', async () => {
      await instance().keys.currentSigningKey();
      const [current] = await store.usable('EdDSA', ever);
      // The current key's sealed private part, presented as another key's: it does not open there.
      await store.rotate({ ...current!, kid: `moved-${randomUUID().slice(0, 8)}`, createdAt: clock.now() });
      const fresh = instance();
      let failure: unknown;
      await fresh.service.issue(claims).catch((error: unknown) => {
        failure = error;
      });
      expect(failure)
        .to.be.instanceOf(Error)
        .with.property('message')
        .that.matches(/cannot be decrypted/);
    });
  });
}
