import { expect } from 'chai';
import { commonPasswordsFrom, formatCommonPasswords } from '../../../scripts/generate-common-passwords.ts';
import { parseCommonPasswords } from '../../../src/adapters/identity/file-common-passwords.ts';

describe('generate-common-passwords', () => {
  const ranked = ['123456', 'password', 'dragon', 'pässwör', 'iloveyou', 'password'];

  it('keeps the ranked passwords of 8 bytes or more, in rank order, then eight zeros', () => {
    // 'pässwör' is 7 characters but 9 UTF-8 bytes: long enough to be set, so it is listed.
    expect(commonPasswordsFrom(ranked)).to.deep.equal(['password', 'pässwör', 'iloveyou', '00000000']);
  });

  it('goes no further than the first 10,000 ranks', () => {
    const filler = Array.from({ length: 10_000 }, (_, i) => `filler-${i}`);
    const list = commonPasswordsFrom([...filler, 'below-the-cut']);
    expect(list).to.have.length(10_001);
    expect(list).to.not.include('below-the-cut');
  });

  it('refuses an entry the file cannot hold as a line', () => {
    for (const bad of ['Password1', '#hashtag1', 'two\nlines']) {
      expect(() => commonPasswordsFrom([bad]), bad).to.throw(/cannot be a line/);
    }
  });

  it('writes a file the adapter reads back as the same list', () => {
    const list = commonPasswordsFrom(ranked);
    expect([...parseCommonPasswords(formatCommonPasswords(list))]).to.deep.equal(list);
  });
});
