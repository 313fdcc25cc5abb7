import { expect } from 'chai';
import { UuidV7IdGenerator } from '../../../../../src/adapters/platform/system/uuid-v7-id-generator.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('UuidV7IdGenerator', () => {
  it('makes RFC 9562 version 7 ids that carry the current millisecond', () => {
    const before = Date.now();
    const id = new UuidV7IdGenerator().newId();
    const ms = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(id).to.match(V7);
    expect(ms).to.be.within(before, Date.now());
  });

  it('sorts ids in the order they were made, thousands within one millisecond included', () => {
    const ids = new UuidV7IdGenerator();
    const made = Array.from({ length: 20_000 }, () => ids.newId());
    for (const id of made) expect(id).to.match(V7);
    const sorted = [...made].sort();
    expect(sorted).to.deep.equal(made);
    expect(new Set(made).size).to.equal(made.length);
  });

  it('keeps counting up when the wall clock steps back', () => {
    const ids = new UuidV7IdGenerator();
    const realNow = Date.now;
    try {
      const first = ids.newId();
      Date.now = () => realNow() - 60_000;
      const second = ids.newId();
      expect(second > first, `${second} after ${first}`).to.equal(true);
    } finally {
      Date.now = realNow;
    }
  });
});
