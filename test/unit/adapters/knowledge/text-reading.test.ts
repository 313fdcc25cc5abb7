import { expect } from 'chai';
import { documentTextExtractor } from '../../../../src/adapters/knowledge/text/document-text-extractor.ts';
import { recursiveTextSplitter } from '../../../../src/adapters/knowledge/text/recursive-text-splitter.ts';
import { UnreadableDocument } from '../../../../src/domain/knowledge/knowledge-errors.ts';
import { rejectionOf } from '../../../support/fail.ts';
import { pdfOf } from '../../../support/pdf.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('document text: extraction and splitting', () => {
  const extract = (type: string, body: Uint8Array) => documentTextExtractor.extract(type, body);

  it('reads plain text and Markdown as they are, HTML without markup or scripts, JSON values with their keys', async () => {
    expect(await extract('text/plain; charset=utf-8', bytes('héllo'))).to.equal('héllo');
    expect(await extract('text/markdown', bytes('# T\n\n*x*'))).to.equal('# T\n\n*x*');
    const html = await extract(
      'text/html',
      bytes('<h1>Title</h1><p>Hello <a href="https://x.example">world</a></p><script>evil()</script>'),
    );
    expect(html).to.contain('Hello world').and.not.to.contain('evil').and.not.to.contain('x.example');
    const json = await extract(
      'application/json',
      bytes('{"wifi":{"password":"ask"},"tags":["a","b"],"n":3,"none":null}'),
    );
    expect(json).to.equal('wifi password: ask\ntags: a\ntags: b\nn: 3');
  });

  it('reads the text of a PDF', async () => {
    expect(await extract('application/pdf', pdfOf('First line', 'Second (line)')))
      .to.contain('First line')
      .and.contain('Second (line)');
  });

  it('says why it cannot read: another type, bytes that are not UTF-8, broken JSON or PDF', async () => {
    const cases: [string, Uint8Array, RegExp][] = [
      ['image/png', new Uint8Array([137, 80]), /not image\/png/],
      ['text/plain', new Uint8Array([0xff, 0xfe, 0xfd]), /not UTF-8/],
      ['application/json', bytes('{'), /not well-formed/],
      ['application/pdf', bytes('%PDF-1.4 broken'), /PDF could not be read/],
    ];
    for (const [type, body, message] of cases) {
      expect((await rejectionOf(extract(type, body), UnreadableDocument)).message).to.match(message);
    }
  });

  it('splits into overlapping chunks, each at its offsets in the text', async () => {
    const splitter = recursiveTextSplitter({ chunkSize: 100, chunkOverlap: 30 });
    const text = Array.from({ length: 40 }, (_, i) => `word${i} repeated again`).join(' ');
    const chunks = await splitter.split(text);
    expect(chunks.length).to.be.greaterThan(5);
    chunks.forEach((chunk, i) => {
      expect(chunk.index).to.equal(i);
      expect(text.slice(chunk.start, chunk.end)).to.equal(chunk.text);
      expect(chunk.text.length).to.be.at.most(100);
      const next = chunks[i + 1];
      if (next) expect(next.start, 'neighbours overlap').to.be.lessThan(chunk.end);
    });
    expect(chunks.at(-1)?.end).to.equal(text.length);
    expect(await splitter.split('   ')).to.deep.equal([]);
  });

  it('finds each chunk of a text that repeats itself at its own place', async () => {
    const splitter = recursiveTextSplitter({ chunkSize: 20, chunkOverlap: 0 });
    const text = 'same same same same\n\nsame same same same\n\nsame same same same';
    const chunks = await splitter.split(text);
    expect(chunks.map((c) => c.start)).to.deep.equal([0, 21, 42]);
  });
});
