import { expect } from 'chai';
import { jsonContains } from '../../../../src/domain/memory/json-containment.ts';

/** The cases of PostgreSQL's documentation of jsonb containment (section 8.14.3), with its answers. */
describe('jsonContains (PostgreSQL jsonb @>)', () => {
  const cases: [unknown, unknown, boolean][] = [
    ['foo', 'foo', true],
    [[1, 2, 3], [1, 3], true],
    [[1, 2, 3], [3, 1], true],
    [[1, 2, 3], [1, 2, 2], true],
    [{ product: 'PostgreSQL', version: 9.4, jsonb: true }, { version: 9.4 }, true],
    [[1, 2, [1, 3]], [1, 3], false],
    [[1, 2, [1, 3]], [[1, 3]], true],
    [{ foo: { bar: 'baz' } }, { bar: 'baz' }, false],
    [{ foo: { bar: 'baz' } }, { foo: {} }, true],
    [['foo', 'bar'], 'foo', true],
    ['foo', ['foo'], false],
    [{ a: [1, 2] }, { a: 1 }, false],
    [{ a: null }, { a: null }, true],
    [{ a: 1 }, { a: '1' }, false],
    [[[1, 2]], [1], false],
    [[{ a: 1, b: 2 }], [{ a: 1 }], true],
  ];
  for (const [container, contained, answer] of cases) {
    it(`${JSON.stringify(container)} @> ${JSON.stringify(contained)} is ${answer}`, () => {
      expect(jsonContains(container, contained)).to.equal(answer);
    });
  }
});
