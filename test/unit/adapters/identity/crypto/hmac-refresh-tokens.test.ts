import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { HmacRefreshTokens } from '../../../../../src/adapters/identity/crypto/hmac-refresh-tokens.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SESSION = '0190f3a4-5b6c-7d8e-9f00-112233445566';

describe('HmacRefreshTokens', () => {
  const tokens = new HmacRefreshTokens({ masterKey: randomBytes(32) });

  it('reads back the session and generation it wrote, for small and extreme generations', () => {
    for (const generation of [0, 1, 35, 36, 1295, 1296, 123_456_789, 2 ** 31 - 1]) {
      const token = tokens.tokenFor({ sessionId: SESSION, generation });
      expect(token).to.match(/^rt_[0-9a-f]{32}[0-9a-z]{1,6}\.[A-Za-z0-9_-]{43}$/);
      expect(tokens.read(token)).to.deep.equal({ sessionId: SESSION, generation });
    }
  });

  it('is deterministic per subject and distinct across subjects', () => {
    const a = tokens.tokenFor({ sessionId: SESSION, generation: 3 });
    expect(tokens.tokenFor({ sessionId: SESSION, generation: 3 })).to.equal(a);
    expect(tokens.tokenFor({ sessionId: SESSION.toUpperCase(), generation: 3 })).to.equal(a);
    expect(tokens.tokenFor({ sessionId: SESSION, generation: 4 })).to.not.equal(a);
    expect(tokens.tokenFor({ sessionId: randomUUID(), generation: 3 })).to.not.equal(a);
  });

  it('rejects every single-character change, at every position', () => {
    const token = tokens.tokenFor({ sessionId: SESSION, generation: 41 });
    let tried = 0;
    for (let i = 0; i < token.length; i++) {
      for (const replacement of ALPHABET) {
        if (replacement === token[i]) continue;
        const altered = token.slice(0, i) + replacement + token.slice(i + 1);
        tried++;
        expect(tokens.read(altered), `position ${i} -> ${replacement}`).to.equal(undefined);
      }
    }
    expect(tried).to.be.greaterThan(5000);
  });

  it('rejects a token made under another master key', () => {
    const other = new HmacRefreshTokens({ masterKey: randomBytes(32) });
    expect(other.read(tokens.tokenFor({ sessionId: SESSION, generation: 0 }))).to.equal(undefined);
  });

  it('rejects moving the MAC to another generation or session', () => {
    const mac = tokens.tokenFor({ sessionId: SESSION, generation: 5 }).split('.')[1];
    const base = tokens.tokenFor({ sessionId: SESSION, generation: 6 }).split('.')[0];
    expect(tokens.read(`${base}.${mac}`)).to.equal(undefined);
  });

  it('returns undefined, never throws, for malformed input of every shape', () => {
    const good = tokens.tokenFor({ sessionId: SESSION, generation: 7 });
    const [body, mac] = good.split('.') as [string, string];
    const hex = body.slice(3, 35);
    const malformed: unknown[] = [
      '',
      'rt_',
      '.',
      good.toUpperCase(),
      good.replace('rt_', 'RT_'),
      good.replace('rt_', 'rf_'),
      good.slice(3),
      `${good}=`,
      `${good}.`,
      ` ${good}`,
      `${good}\n`,
      `${good}\u0000`,
      good.replace('.', ''),
      good.replace('.', '..'),
      good.replace('.', '_'),
      `rt_${SESSION}7.${mac}`, // dashed session id
      `rt_${hex}07.${mac}`, // leading zero: a second spelling of generation 7
      `rt_${hex}.${mac}`, // no generation
      `rt_${hex}zik0zk.${mac}`, // 2^31: larger than the column
      `rt_${hex}zzzzzzz.${mac}`,
      `rt_${hex}7.${mac.slice(0, 42)}`,
      `rt_${hex}7.${mac}A`,
      `rt_${hex}7.${Buffer.from(mac, 'base64url').toString('base64')}`,
      `rt_${hex}7.${Buffer.from(mac, 'base64url').toString('hex')}`,
      `rt_${hex.replace(/[0-9]/, 'ο')}7.${mac}`, // a Greek omicron
      good.normalize('NFKC').replace('a', 'а'), // a Cyrillic a, when present
      'rt_'.padEnd(80, 'a'),
      'a'.repeat(85),
      undefined,
      null,
      42,
      {},
      [good],
      { toString: () => good },
    ];
    for (const value of malformed) {
      expect(tokens.read(value as string), String(value).slice(0, 60)).to.equal(undefined);
    }
  });

  it('refuses a huge input, and a valid token with anything appended', () => {
    expect(tokens.read(`rt_${'a'.repeat(10 * 1024 * 1024)}`)).to.equal(undefined);
    expect(
      tokens.read(`${tokens.tokenFor({ sessionId: SESSION, generation: 1 })}${' '.repeat(1_000_000)}`),
    ).to.equal(undefined);
  });

  it('refuses to mint a token for a subject it could not read back', () => {
    expect(() => tokens.tokenFor({ sessionId: 'not-a-uuid', generation: 0 })).to.throw(Error);
    expect(() => tokens.tokenFor({ sessionId: SESSION, generation: -1 })).to.throw(Error);
    expect(() => tokens.tokenFor({ sessionId: SESSION, generation: 1.5 })).to.throw(Error);
    expect(() => tokens.tokenFor({ sessionId: SESSION, generation: 2 ** 31 })).to.throw(Error);
  });
});
