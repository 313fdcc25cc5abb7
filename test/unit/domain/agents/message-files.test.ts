import { expect } from 'chai';
import {
  isTextContentType,
  MAX_ATTACHED_TEXT_BYTES,
  parseFileIds,
  withAttachedFiles,
} from '../../../../src/domain/agents/message-files.ts';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';

describe('files a message refers to, as the model receives them', () => {
  it('tells text types from others', () => {
    for (const type of [
      'text/plain',
      'text/csv; charset=utf-8',
      'application/json',
      'application/ld+json',
      'image/svg+xml',
    ]) {
      expect(isTextContentType(type), type).to.equal(true);
    }
    for (const type of ['application/pdf', 'image/png', 'application/octet-stream', 'application/zip']) {
      expect(isTextContentType(type), type).to.equal(false);
    }
  });

  it('says where a long file was cut, and leaves a message without files as it is', () => {
    const text = withAttachedFiles('Look', [
      {
        type: 'text',
        id: 'f1',
        name: 'big "log".txt',
        contentType: 'text/plain',
        size: 100_000,
        text: 'abc',
      },
    ]);
    expect(text).to.equal(
      'Look\n\n<file id="f1" name="big \\"log\\".txt" content_type="text/plain" size="100000">\nabc\n' +
        `[cut: the first ${MAX_ATTACHED_TEXT_BYTES} of 100000 bytes]\n</file>`,
    );
    expect(withAttachedFiles('Plain', [])).to.equal('Plain');
  });

  it('refuses more than ten files or one named twice', () => {
    const ids = Array.from({ length: 11 }, (_, i) => `f${i}`);
    expect(() => parseFileIds(ids)).to.throw(InvalidInput);
    expect(() => parseFileIds(['a', 'a'])).to.throw(InvalidInput, 'twice');
    expect(parseFileIds(undefined)).to.deep.equal([]);
  });
});
