import { expect } from 'chai';
import { agentMessageOf, missionInputOf } from '../../../../src/domain/evaluations/evaluation.ts';
import { parseScorers } from '../../../../src/domain/evaluations/scorer.ts';
import {
  containsScore,
  exactMatchScore,
  numberOf,
  numericScore,
  parseJudgement,
  parseScore,
  ScoreRefused,
  scoredValue,
  textOf,
} from '../../../../src/domain/evaluations/scoring-rules.ts';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';

const noSchemas = () => {};

describe('evaluation scorers (domain)', () => {
  describe('what a scorer reads', () => {
    it('reads config.path as a JSON Pointer, escapes and array indexes included', () => {
      const output = { 'a/b': { '~x': [10, 20] } };
      expect(scoredValue(output, '/a~1b/~0x/1')).to.equal(20);
      expect(scoredValue(output, '/missing')).to.equal(undefined);
      expect(scoredValue(output, '')).to.deep.equal(output);
    });

    it('reads the whole output, or its lone `value` member', () => {
      expect(scoredValue({ value: 'x' }, undefined)).to.equal('x');
      expect(scoredValue({ value: 'x', other: 1 }, undefined)).to.deep.equal({ value: 'x', other: 1 });
      expect(scoredValue(null, undefined)).to.equal(null);
    });

    it('text scorers take a string as it is and anything else as JSON text', () => {
      expect(textOf('héllo')).to.equal('héllo');
      expect(textOf({ a: 1 })).to.equal('{"a":1}');
      expect(textOf(12)).to.equal('12');
      expect(textOf(undefined)).to.equal('');
    });
  });

  describe('exact_match', () => {
    it('compares as JSON: key order does not matter, types do', () => {
      expect(exactMatchScore({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).to.equal(1);
      expect(exactMatchScore('1', 1)).to.equal(0);
      expect(exactMatchScore([1, 2], [2, 1])).to.equal(0);
      expect(exactMatchScore(undefined, null)).to.equal(0);
      expect(exactMatchScore(null, null)).to.equal(1);
    });

    it('compares unicode strings by code points: composed and decomposed forms differ', () => {
      expect(exactMatchScore('café 🎉', 'café 🎉')).to.equal(1);
      expect(exactMatchScore('caf\u00e9', 'cafe\u0301')).to.equal(0);
    });
  });

  describe('contains', () => {
    it('finds the expected text in the output text, astral characters included', () => {
      expect(containsScore('the answer is 42 🎉', '42 🎉')).to.equal(1);
      expect(containsScore({ city: 'Zürich' }, 'Zürich')).to.equal(1);
      expect(containsScore('Zurich', 'Zürich')).to.equal(0);
      expect(containsScore(undefined, '')).to.equal(0);
    });
  });

  describe('numeric', () => {
    it('takes numbers and numeric strings, within the tolerance', () => {
      expect(numericScore('2.50', 2.505, 0.01)).to.equal(1);
      expect(numericScore(' 1e3 ', '1000', 0)).to.equal(1);
      expect(numericScore(10, 10.5, 0.4)).to.equal(0);
      expect(numericScore('-.5', -0.5, 0)).to.equal(1);
    });

    it('refuses what only looks like a number', () => {
      for (const value of ['1,000', '٣', '0x10', '', 'Infinity', 'NaN', '12abc', null, true, [1]])
        expect(numberOf(value), String(value)).to.equal(undefined);
      expect(numericScore('1,000', 1000, 0)).to.equal(0);
    });
  });

  describe('code and judge answers', () => {
    it('takes a number in [0, 1] only', () => {
      expect(parseScore(0.25, 'x')).to.equal(0.25);
      for (const bad of [1.5, -0.1, '0.5', null, Number.NaN])
        expect(() => parseScore(bad, 'x')).to.throw(ScoreRefused);
    });

    it('reads the judge’s JSON {score, reason}, fenced or not, and refuses anything else', () => {
      expect(parseJudgement('{"score": 0.8, "reason": "close"}')).to.deep.equal({
        score: 0.8,
        reason: 'close',
      });
      expect(parseJudgement('```json\n{"score": 1, "reason": "ok"}\n```').score).to.equal(1);
      for (const bad of ['0.8', 'I think 0.8', '{"score": 2}', '{"score": "1"}', '[0.5]', ''])
        expect(() => parseJudgement(bad), bad).to.throw(ScoreRefused);
    });
  });

  describe('parseScorers', () => {
    it('refuses an invalid pattern at creation, and accepts a Unicode one', () => {
      expect(() =>
        parseScorers([{ name: 'r', kind: 'regex', config: { pattern: '(' } }], noSchemas),
      ).to.throw(InvalidInput, /not a valid regular expression/);
      expect(() =>
        parseScorers([{ name: 'r', kind: 'regex', config: { pattern: '\\p{L}+' } }], noSchemas),
      ).not.to.throw();
      expect(() =>
        parseScorers([{ name: 'r', kind: 'regex', config: { pattern: 'a', flags: 'gg' } }], noSchemas),
      ).to.throw(InvalidInput, /flags/);
    });

    it('asks the schema check for json_schema scorers, and passes on its refusal', () => {
      const refuse = () => {
        throw new InvalidInput('scorers[0].config.schema is not a JSON Schema that compiles');
      };
      expect(() =>
        parseScorers([{ name: 's', kind: 'json_schema', config: { schema: { type: 'nope' } } }], refuse),
      ).to.throw(/does not compile|compiles/);
    });

    it('refuses unknown kinds, settings of another kind, missing settings, bad paths, repeated names', () => {
      const bad = [
        [{ name: 'a', kind: 'fuzzy' }],
        [{ name: 'a', kind: 'contains', config: { pattern: 'x' } }],
        [{ name: 'a', kind: 'code', config: {} }],
        [{ name: 'a', kind: 'contains', config: { path: 'no-slash' } }],
        [
          { name: 'a', kind: 'contains' },
          { name: 'a', kind: 'exact_match' },
        ],
        [{ name: 'a b', kind: 'contains' }],
        [{ name: 'a', kind: 'numeric', config: { tolerance: -1 } }],
        [{ name: 'a', kind: 'contains', min_mean: 1.5 }],
        [{ name: 'a', kind: 'llm_judge', config: { provider_id: 'x', model: 'm', rubric: 'r' } }],
        [],
      ];
      for (const scorers of bad)
        expect(() => parseScorers(scorers, noSchemas), JSON.stringify(scorers)).to.throw(InvalidInput);
    });
  });

  describe('inputs of targets', () => {
    it('wraps a mission input that is no object as {value}', () => {
      expect(missionInputOf({ q: 1 })).to.deep.equal({ q: 1 });
      expect(missionInputOf('hi')).to.deep.equal({ value: 'hi' });
      expect(missionInputOf([1])).to.deep.equal({ value: [1] });
    });

    it('gives an agent input.message, or the input when a string', () => {
      expect(agentMessageOf('héllo 🎉')).to.equal('héllo 🎉');
      expect(agentMessageOf({ message: 'hi', other: 1 })).to.equal('hi');
      expect(agentMessageOf({ q: 1 })).to.equal('{"q":1}');
    });
  });
});
