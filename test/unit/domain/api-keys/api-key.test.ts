import { expect } from 'chai';
import { ApiKey, LAST_USED_RESOLUTION_SECONDS } from '../../../../src/domain/api-keys/api-key.ts';
import {
  apiKeyPrefix,
  formatApiKey,
  isApiKeyCredential,
  readApiKey,
} from '../../../../src/domain/api-keys/api-key-format.ts';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
// Both parts may contain `_` and `-`: the fixed lengths delimit them.
const KEY_ID = 'Ab_-0123456789abcdefgh';
const SECRET = `${'S'.repeat(20)}_-${'x'.repeat(21)}`;

const issue = (overrides: Partial<Parameters<typeof ApiKey.issue>[0]> = {}) =>
  ApiKey.issue(
    {
      id: 'id',
      workspaceId: 'ws',
      keyId: KEY_ID,
      secretHash: 'hash',
      name: '  ci deploys ',
      role: 'admin',
      createdBy: null,
      expiresAt: null,
      ...overrides,
    },
    T0,
  );

describe('API key format (pk_ + 22 + _ + 43 base64url characters)', () => {
  it('formats and reads back the key id and secret, underscores and dashes included', () => {
    const key = formatApiKey({ keyId: KEY_ID, secret: SECRET });
    expect(key).to.have.length(3 + 22 + 1 + 43);
    expect(key.startsWith(`${apiKeyPrefix(KEY_ID)}_`)).to.equal(true);
    expect(readApiKey(key)).to.deep.equal({ keyId: KEY_ID, secret: SECRET });
    expect(isApiKeyCredential(key)).to.equal(true);
  });

  it('reads nothing from a malformed key', () => {
    const good = formatApiKey({ keyId: KEY_ID, secret: SECRET });
    for (const bad of [
      '',
      'pk_',
      good.slice(0, -1),
      `${good}x`,
      `rk_${good.slice(3)}`,
      `${good.slice(0, 25)}.${good.slice(26)}`,
      good.replace('S', '+'),
      good.replace('S', '='),
      ` ${good}`,
    ]) {
      expect(readApiKey(bad), bad).to.equal(undefined);
    }
  });

  it('tells a key from an access token by its prefix only', () => {
    expect(isApiKeyCredential('pk_broken')).to.equal(true);
    expect(isApiKeyCredential('eyJhbGciOiJFZERTQSJ9.e30.sig')).to.equal(false);
  });
});

describe('ApiKey', () => {
  it('issues a key with a trimmed name, no use yet and not revoked', () => {
    const key = issue();
    expect([key.name, key.createdAt, key.lastUsedAt, key.revokedAt]).to.deep.equal([
      'ci deploys',
      T0,
      null,
      null,
    ]);
  });

  it('refuses a blank or over-long name, an owner role and an expiry that is not in the future', () => {
    for (const bad of [
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'tab\there' },
      { role: 'owner' as 'admin' },
      { expiresAt: T0 },
      { expiresAt: at(-1) },
    ]) {
      expect(() => issue(bad), JSON.stringify(bad)).to.throw(InvalidInput);
    }
    expect(issue({ expiresAt: at(1) }).expiresAt).to.deep.equal(at(1));
  });

  it('is usable until revoked or until its expiry, to the millisecond', () => {
    const key = issue({ expiresAt: at(60) });
    expect(key.isUsable(at(59.999))).to.equal(true);
    expect(key.isUsable(at(60))).to.equal(false);
    const revoked = issue();
    revoked.revokedAt = at(5);
    expect(revoked.isUsable(at(1))).to.equal(false);
    expect(issue().isUsable(at(10 ** 9))).to.equal(true);
  });

  it('asks for its use to be recorded at most once per resolution interval', () => {
    const key = issue();
    expect(key.needsUseRecorded(at(0))).to.equal(true);
    key.lastUsedAt = at(0);
    expect(key.needsUseRecorded(at(LAST_USED_RESOLUTION_SECONDS - 1))).to.equal(false);
    expect(key.needsUseRecorded(at(LAST_USED_RESOLUTION_SECONDS))).to.equal(true);
    expect(key.lastUseCutoff(at(LAST_USED_RESOLUTION_SECONDS))).to.deep.equal(at(0));
  });
});
