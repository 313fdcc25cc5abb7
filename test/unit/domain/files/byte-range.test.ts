import { expect } from 'chai';
import { contentDisposition } from '../../../../src/adapters/files/http/serve-file-content.ts';
import { byteRangeOf } from '../../../../src/domain/files/byte-range.ts';

describe('byte ranges (RFC 9110 section 14)', () => {
  const cases: [string | undefined, number, ReturnType<typeof byteRangeOf>][] = [
    [undefined, 10, undefined],
    ['bytes=0-4', 10, { start: 0, end: 4 }],
    ['bytes=5-', 10, { start: 5, end: 9 }],
    ['bytes=-3', 10, { start: 7, end: 9 }],
    ['bytes=-30', 10, { start: 0, end: 9 }],
    ['bytes=8-100', 10, { start: 8, end: 9 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=-0', 10, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=5-2', 10, undefined],
    ['bytes=0-1,3-4', 10, undefined],
    ['items=0-1', 10, undefined],
    ['bytes=-', 10, undefined],
  ];
  for (const [header, size, expected] of cases) {
    it(`${header ?? '(none)'} of ${size} bytes`, () => {
      expect(byteRangeOf(header, size)).to.deep.equal(expected);
    });
  }

  it('names attachments per RFC 6266: an ASCII fallback and the exact name in filename*', () => {
    expect(contentDisposition('a.txt')).to.equal(`attachment; filename="a.txt"; filename*=UTF-8''a.txt`);
    expect(contentDisposition('日本 (1).pdf')).to.equal(
      `attachment; filename="__ (1).pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%20%281%29.pdf`,
    );
  });
});
