import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { AesGcmSecretBox } from '../../../../../src/adapters/platform/crypto/aes-gcm-secret-box.ts';
import { deriveKey, loadMasterKey } from '../../../../../src/adapters/platform/crypto/master-key.ts';
import { ConfigError } from '../../../../../src/config.ts';
import { DomainError } from '../../../../../src/domain/kernel/errors.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';

describe('AesGcmSecretBox', () => {
  const box = new AesGcmSecretBox({ masterKey: randomBytes(32) });

  it('opens what it sealed, for empty, unicode and long plaintexts', () => {
    for (const plaintext of ['', 'whsec_abc', 'ключ 🔑', 'x'.repeat(20_000)]) {
      expect(box.open(box.seal(plaintext, 'ctx'), 'ctx')).to.equal(plaintext);
    }
  });

  it('writes v1.<iv>.<ciphertext>.<tag> in base64url, with a fresh IV each time', () => {
    const first = box.seal('same', 'ctx');
    const second = box.seal('same', 'ctx');
    expect(first).to.match(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(first).to.not.equal(second);
    expect(first.split('.')[1]).to.not.equal(second.split('.')[1]);
    expect(first).to.not.include('same');
  });

  it('refuses another context (a ciphertext moved to another row)', () => {
    const sealed = box.seal('private key', 'signing-key:a');
    expect(() => box.open(sealed, 'signing-key:b')).to.throw(Error, /altered|context/);
    expect(() => box.open(sealed, '')).to.throw(Error);
  });

  it('refuses a box under another master key', () => {
    const other = new AesGcmSecretBox({ masterKey: randomBytes(32) });
    expect(() => other.open(box.seal('secret', 'ctx'), 'ctx')).to.throw(Error);
  });

  it('refuses every single-character change, at every position', () => {
    const sealed = box.seal('a secret worth protecting', 'ctx');
    for (let i = 0; i < sealed.length; i++) {
      for (const replacement of [ALPHABET[(ALPHABET.indexOf(sealed[i]!) + 1) % 64]!, 'A', '_']) {
        if (replacement === sealed[i]) continue;
        const altered = sealed.slice(0, i) + replacement + sealed.slice(i + 1);
        expect(() => box.open(altered, 'ctx'), `position ${i} -> ${replacement}`).to.throw(Error);
      }
    }
  });

  it('refuses truncated tags, other versions and malformed values with a plain Error', () => {
    const sealed = box.seal('secret', 'ctx');
    const [version, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string];
    const malformed = [
      '',
      'v1',
      `${version}.${iv}.${ciphertext}.${tag.slice(0, 16)}`,
      `${version}.${iv}.${ciphertext}`,
      `v2.${iv}.${ciphertext}.${tag}`,
      `V1.${iv}.${ciphertext}.${tag}`,
      `${sealed}.`,
      ` ${sealed}`,
      `${sealed}\n`,
      `${version}.${iv}=.${ciphertext}.${tag}`,
      'v1.'.padEnd(100_000, 'A'),
      null as unknown as string,
    ];
    for (const value of malformed) {
      let thrown: unknown;
      try {
        box.open(value, 'ctx');
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(value)?.slice(0, 40)).to.be.instanceOf(Error);
      expect(thrown).to.not.be.instanceOf(DomainError);
    }
  });
});

describe('master key', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'master-key-test-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('decodes MASTER_KEY in base64 or base64url, padded or not', async () => {
    const key = randomBytes(32);
    for (const text of [key.toString('base64'), key.toString('base64url'), `${key.toString('base64url')}=`]) {
      expect((await loadMasterKey({ masterKey: text, dataDir: dir })).equals(key)).to.equal(true);
    }
  });

  it('refuses a MASTER_KEY that is not exactly 32 bytes, naming the variable and not the value', async () => {
    const bad = [
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      'not base64 at all!',
      `${'A'.repeat(42)}B`, // spare bits set: not a canonical spelling
    ];
    for (const masterKey of bad) {
      const error = await loadMasterKey({ masterKey, dataDir: dir }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(ConfigError);
      expect((error as Error).message)
        .to.include('MASTER_KEY')
        .and.not.include(masterKey);
    }
  });

  it('generates DATA_DIR/master.key once (mode 0600) and reads it back', async () => {
    const first = await loadMasterKey({ masterKey: undefined, dataDir: join(dir, 'nested') });
    const second = await loadMasterKey({ masterKey: undefined, dataDir: join(dir, 'nested') });
    expect(first).to.have.length(32);
    expect(first.equals(second)).to.equal(true);
    const info = await stat(join(dir, 'nested', 'master.key'));
    expect(info.mode & 0o777).to.equal(0o600);
    expect((await readFile(join(dir, 'nested', 'master.key'), 'utf8')).trim()).to.equal(
      first.toString('base64url'),
    );
  });

  it('agrees on one key when many starts race on an empty folder', async () => {
    const keys = await Promise.all(
      Array.from({ length: 20 }, () => loadMasterKey({ masterKey: undefined, dataDir: dir })),
    );
    expect(new Set(keys.map((key) => key.toString('hex'))).size).to.equal(1);
  });

  it('refuses a corrupt master.key file instead of replacing it', async () => {
    await writeFile(join(dir, 'master.key'), 'garbage\n');
    const error = await loadMasterKey({ masterKey: undefined, dataDir: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(ConfigError);
    expect(await readFile(join(dir, 'master.key'), 'utf8')).to.equal('garbage\n');
  });

  it('derives independent 32-byte subkeys per purpose', () => {
    const master = randomBytes(32);
    const a = deriveKey(master, 'secret-box');
    expect(a).to.have.length(32);
    expect(a.equals(deriveKey(master, 'secret-box'))).to.equal(true);
    expect(a.equals(deriveKey(master, 'refresh-tokens'))).to.equal(false);
    expect(a.equals(deriveKey(randomBytes(32), 'secret-box'))).to.equal(false);
    expect(() => deriveKey(randomBytes(16), 'secret-box')).to.throw(Error);
  });
});
