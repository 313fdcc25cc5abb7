import { expect } from 'chai';
import {
  illFormedPart,
  isJsonTextTooDeep,
  MAX_JSON_DEPTH,
} from '../../../../src/domain/kernel/well-formed-json.ts';

/** `levels` arrays inside one another, the innermost holding `inner`. */
const nestedText = (levels: number, inner = '') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
const nested = (levels: number, inner?: string) => JSON.parse(nestedText(levels, inner)) as unknown;

describe('well-formed JSON', () => {
  describe('illFormedPart', () => {
    it(`accepts values nested up to ${MAX_JSON_DEPTH} levels, scalars and empty containers`, () => {
      for (const value of [nested(MAX_JSON_DEPTH), 1, 'text', null, true, {}, [], { a: [{ b: 1 }] }]) {
        expect(illFormedPart(value)).to.equal(undefined);
      }
    });

    it('names the first part nested one level too deep, as a JSON Pointer', () => {
      expect(illFormedPart(nested(MAX_JSON_DEPTH + 1))).to.deep.equal({
        pointer: '/0'.repeat(MAX_JSON_DEPTH),
        problem: `is nested deeper than ${MAX_JSON_DEPTH} levels`,
      });
      expect(illFormedPart({ 'a/b': { 'c~d': [[]] } }, 3)).to.deep.equal({
        pointer: '/a~1b/c~0d/0',
        problem: 'is nested deeper than 3 levels',
      });
    });

    it('names U+0000 and lone surrogates in strings and in keys: text PostgreSQL cannot store as sent', () => {
      expect(illFormedPart({ a: ['ok', 'x\u0000'] })).to.deep.equal({
        pointer: '/a/1',
        problem: 'contains U+0000 or a lone surrogate',
      });
      expect(illFormedPart({ a: { 'k\u0000': 1 } })?.pointer).to.equal('/a/k\u0000');
      expect(illFormedPart('\ud800')?.pointer).to.equal('');
      expect(illFormedPart({ x: 'a\udfffb' })?.pointer).to.equal('/x');
      expect(illFormedPart({ x: 'surrogates in pairs: 🚀, escapes: \t\u0001' })).to.equal(undefined);
    });

    it('walks 100,000 levels without overflowing the stack', () => {
      expect(illFormedPart(nested(100_000))?.problem).to.equal(
        `is nested deeper than ${MAX_JSON_DEPTH} levels`,
      );
    });
  });

  describe('isJsonTextTooDeep', () => {
    it('counts arrays and objects, not brackets inside strings (escaped quotes included)', () => {
      expect(isJsonTextTooDeep(nestedText(MAX_JSON_DEPTH))).to.equal(false);
      expect(isJsonTextTooDeep(nestedText(MAX_JSON_DEPTH + 1))).to.equal(true);
      expect(isJsonTextTooDeep('{"a":{"b":[1]}}', 3)).to.equal(false);
      expect(isJsonTextTooDeep('{"a":{"b":[{}]}}', 3)).to.equal(true);
      expect(isJsonTextTooDeep(`["${'['.repeat(1000)}"]`, 1)).to.equal(false);
      expect(isJsonTextTooDeep(`["\\"${'{'.repeat(1000)}"]`, 1)).to.equal(false);
    });
  });
});
