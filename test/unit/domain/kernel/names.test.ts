import { expect } from 'chai';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import { parseName } from '../../../../src/domain/kernel/names.ts';
import { parseWorkspaceName } from '../../../../src/domain/workspaces/workspace.ts';

describe('names refuse what would spoof how they are shown', () => {
  it('refuses bidirectional controls and zero-width characters, in every kind of name', () => {
    for (const name of [
      'invoice\u202Efdp.exe', // right-to-left override
      'admin\u2066x\u2069',
      'a\u200Eb',
      'pay\u200Bpal', // zero-width space
      'x\u200Dy',
      'b\uFEFFom',
      'word\u2060joiner',
      'arabic\u061Cmark',
      'tab\there',
      'c1\u0085control',
    ]) {
      expect(() => parseName(name, 'name', 100), JSON.stringify(name)).to.throw(InvalidInput);
      expect(() => parseWorkspaceName(name), JSON.stringify(name)).to.throw(InvalidInput);
    }
  });

  it('keeps every other script and emoji, trimmed', () => {
    for (const name of ['Équipe', 'فريق', 'チーム', 'Team 🚀', 'a-b_c.d']) {
      expect(parseName(` ${name} `, 'name', 100)).to.equal(name);
    }
  });
});
