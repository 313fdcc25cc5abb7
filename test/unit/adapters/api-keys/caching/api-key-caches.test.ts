import { expect } from 'chai';
import {
  announcingApiKeys,
  withCachedApiKeys,
} from '../../../../../src/adapters/api-keys/caching/api-key-caches.ts';
import { CacheInvalidation } from '../../../../../src/adapters/platform/caching/cache-invalidation.ts';
import { overrideMethods } from '../../../../../src/adapters/platform/caching/method-overrides.ts';
import { readApiKey } from '../../../../../src/domain/api-keys/api-key-format.ts';
import { actor, useCases } from '../../../../support/test-container.ts';

describe('API key cache (on the in-memory adapters)', () => {
  async function world() {
    const app = await useCases();
    const { personal, principal } = await actor(app);
    const issued = await app.createApiKey(
      principal,
      personal.id,
      { name: 'ci', role: 'admin', expiresAt: null },
      '198.51.100.7',
    );
    const keyId = readApiKey(issued.key)?.keyId as string;
    const invalidation = new CacheInvalidation();
    invalidation.feedUp();
    const apiKeys = announcingApiKeys(app.apiKeys, invalidation);
    let reads = 0;
    const cached = withCachedApiKeys(
      overrideMethods(apiKeys, {
        findByKeyId: (id) => {
          reads++;
          return apiKeys.findByKeyId(id);
        },
      }),
      invalidation,
      10,
    );
    return { app, invalidation, apiKeys, cached, keyId, issued, personal, reads: () => reads };
  }

  it('reads a key once, and again after its revocation or its use recorded here', async () => {
    const w = await world();
    const key = await w.cached.findByKeyId(w.keyId);
    await w.cached.findByKeyId(w.keyId);
    expect(w.reads()).to.equal(1);
    await w.apiKeys.recordUse(key?.id as string, w.app.clock.now(), w.app.clock.now());
    expect((await w.cached.findByKeyId(w.keyId))?.lastUsedAt).to.be.instanceOf(Date);
    await w.apiKeys.revoke(key?.id as string, w.app.clock.now());
    expect((await w.cached.findByKeyId(w.keyId))?.revokedAt).to.be.instanceOf(Date);
    expect(w.reads()).to.equal(3);
  });

  it("forgets a key on its own announced change and on its workspace's", async () => {
    const w = await world();
    const key = await w.cached.findByKeyId(w.keyId);
    w.invalidation.announced(`api_key:${key?.id}`);
    await w.cached.findByKeyId(w.keyId);
    w.invalidation.announced(`workspace:${w.personal.id}`);
    await w.cached.findByKeyId(w.keyId);
    w.invalidation.announced(`workspace:${w.app.ids.newId()}`);
    await w.cached.findByKeyId(w.keyId);
    expect(w.reads()).to.equal(3);
  });
});
