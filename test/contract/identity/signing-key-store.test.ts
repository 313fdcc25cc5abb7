import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { AesGcmSecretBox } from '../../../src/adapters/platform/crypto/aes-gcm-secret-box.ts';
import {
  type NewSigningKey,
  type SigningKeyStore,
  signingKeyContext,
} from '../../../src/application/identity/ports/signing-key-store.ts';
import { at, WORLDS } from '../../support/persistence-world.ts';

const box = new AesGcmSecretBox({ masterKey: randomBytes(32) });

/** A key of `algorithm` made at `seconds` after T0, sealed as CachedSigningKeys seals them. */
function newKey(algorithm: string, seconds = 0): NewSigningKey & { readonly privateKey: string } {
  const kid = `kid-${randomUUID()}`;
  const privateKey = randomBytes(32).toString('base64url');
  return {
    kid,
    algorithm,
    publicJwk: { kty: 'OKP', crv: 'Ed25519', x: randomBytes(32).toString('base64url') },
    sealedPrivateKey: box.seal(privateKey, signingKeyContext(kid)),
    privateKey,
    createdAt: at(seconds),
  };
}

const stored = ({ privateKey: _, ...key }: ReturnType<typeof newKey>, retiredAt: Date | null = null) => ({
  ...key,
  retiredAt,
});

for (const [name, makeWorld] of WORLDS) {
  describe(`SigningKeyStore contract (${name})`, () => {
    let store: SigningKeyStore;
    // Algorithms of their own: other tests' keys (and the server's) never show up in this suite's reads.
    let algorithm: string;
    const LONG_AGO = at(-86_400);

    beforeEach(async () => {
      store = (await makeWorld()).signingKeyStore;
      algorithm = `test-${randomUUID()}`;
    });

    it('stores the first key of an algorithm as current, and no second one', async () => {
      const first = newKey(algorithm);
      expect(await store.addIfNoneCurrent(first)).to.equal(true);
      expect(await store.addIfNoneCurrent(newKey(algorithm, 1))).to.equal(false);
      expect(await store.usable(algorithm, LONG_AGO)).to.deep.equal([stored(first)]);
    });

    it('leaves exactly one current key when first additions race', async () => {
      const added = await Promise.all(
        Array.from({ length: 8 }, () => store.addIfNoneCurrent(newKey(algorithm))),
      );
      expect(added.filter(Boolean)).to.have.lengthOf(1);
      expect(await store.usable(algorithm, LONG_AGO)).to.have.lengthOf(1);
    });

    it('rotates: retires the current key when the new one is made, and keeps it', async () => {
      const old = newKey(algorithm, 0);
      const next = newKey(algorithm, 60);
      await store.addIfNoneCurrent(old);
      await store.rotate(next);
      expect(await store.usable(algorithm, LONG_AGO)).to.deep.equal([stored(next), stored(old, at(60))]);
    });

    it('keeps exactly one current key per algorithm under concurrent rotations', async () => {
      await store.addIfNoneCurrent(newKey(algorithm));
      const rotations = Array.from({ length: 8 }, (_, i) => newKey(algorithm, i + 1));
      await Promise.all(rotations.map((key) => store.rotate(key)));
      const keys = await store.usable(algorithm, LONG_AGO);
      expect(keys).to.have.lengthOf(9);
      expect(keys.filter((key) => key.retiredAt === null)).to.have.lengthOf(1);
    });

    it('returns a retired key until its window ends (strictly after `retiredAfter`)', async () => {
      const old = newKey(algorithm, 0);
      const next = newKey(algorithm, 60);
      await store.addIfNoneCurrent(old);
      await store.rotate(next);
      const kids = async (retiredAfter: Date) =>
        (await store.usable(algorithm, retiredAfter)).map((key) => key.kid);
      expect(await kids(new Date(at(60).getTime() - 1))).to.deep.equal([next.kid, old.kid]);
      expect(await kids(at(60))).to.deep.equal([next.kid]);
      expect(await kids(at(3600))).to.deep.equal([next.kid], 'the current key is never left out');
    });

    it('keeps algorithms apart: rotating one retires nothing of another', async () => {
      const other = `test-${randomUUID()}`;
      const theirs = newKey(other);
      await store.addIfNoneCurrent(theirs);
      await store.addIfNoneCurrent(newKey(algorithm));
      await store.rotate(newKey(algorithm, 1));
      expect(await store.usable(other, LONG_AGO)).to.deep.equal([stored(theirs)]);
      expect(await store.addIfNoneCurrent(newKey(other, 2))).to.equal(false);
    });

    it('returns each sealed private key for its own kid only, byte for byte', async () => {
      const keys = [newKey(algorithm, 0), newKey(algorithm, 1), newKey(algorithm, 2)];
      await store.addIfNoneCurrent(keys[0]!);
      for (const key of keys.slice(1)) await store.rotate(key);
      const loaded = await store.usable(algorithm, LONG_AGO);
      for (const key of keys) {
        const found = loaded.find((candidate) => candidate.kid === key.kid);
        expect(box.open(found!.sealedPrivateKey, signingKeyContext(key.kid))).to.equal(key.privateKey);
        // Bound to its kid: opened as another kid's key, it does not open at all.
        const other = keys.find((candidate) => candidate !== key)!;
        expect(() => box.open(found!.sealedPrivateKey, signingKeyContext(other.kid))).to.throw();
      }
    });

    it('refuses a second key with a kid already stored', async () => {
      const key = newKey(algorithm);
      await store.addIfNoneCurrent(key);
      let refused = false;
      await store.rotate({ ...newKey(algorithm, 1), kid: key.kid }).catch(() => {
        refused = true;
      });
      expect(refused).to.equal(true);
      expect(await store.usable(algorithm, LONG_AGO)).to.deep.equal([stored(key)]);
    });
  });
}
