import { expect } from 'chai';
import { MAX_JSON_DEPTH } from '../../../../src/domain/kernel/well-formed-json.ts';
import { webhookRunInput } from '../../../../src/domain/runs/webhook-run-input.ts';

const input = (body: Uint8Array | string | null, contentType: string | null) =>
  webhookRunInput({
    body: typeof body === 'string' ? Buffer.from(body) : body,
    contentType,
    headers: { 'x-event': 'push' },
    query: { a: '1' },
  });

describe('webhookRunInput', () => {
  it('is {body, content_type, headers, query}', () => {
    expect(input('{"a":1}', 'application/json')).to.deep.equal({
      body: { a: 1 },
      content_type: 'application/json',
      headers: { 'x-event': 'push' },
      query: { a: '1' },
    });
  });

  it('parses JSON for every JSON content type, with parameters and +json suffixes', () => {
    for (const type of [
      'application/json',
      'Application/JSON; charset=utf-8',
      'application/vnd.github+json',
    ]) {
      expect(input('[1,2]', type).body, type).to.deep.equal([1, 2]);
    }
  });

  it('keeps text for other types, and for JSON types whose body does not parse', () => {
    expect(input('{"a":1}', 'text/plain').body).to.equal('{"a":1}');
    expect(input('{"a":', 'application/json').body).to.equal('{"a":');
    expect(input('a=1&b=2', 'application/x-www-form-urlencoded').body).to.equal('a=1&b=2');
    expect(input('', 'application/json').body).to.equal('');
    expect(input('x', null).body).to.equal('x');
  });

  it('gives base64 for bytes that are not UTF-8', () => {
    const bytes = Uint8Array.from([0xff, 0xfe, 0x00, 0x41]);
    expect(input(bytes, 'application/json').body).to.equal('//4AQQ==');
  });

  it('parses JSON after a byte order mark, and keeps the mark in text', () => {
    expect(input('\uFEFF{"a":1}', 'application/json').body).to.deep.equal({ a: 1 });
    expect(input('\uFEFFhello', 'text/plain').body).to.equal('\uFEFFhello');
  });

  it('keeps __proto__ as an ordinary key, polluting nothing', () => {
    const body = input(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
      'application/json',
    ).body as Record<string, unknown>;
    expect(Object.keys(body)).to.deep.equal(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(Object.getPrototypeOf(body)).to.equal(Object.prototype);
  });

  it('shows JSON nested thousands of levels deep as its text: it parses, but no encoder could write it back', () => {
    const deep = `${'['.repeat(6000)}${']'.repeat(6000)}`;
    const shown = input(deep, 'application/json').body;
    // Compared as a boolean: chai's own message would recurse through a parsed value that deep.
    expect(shown === deep, 'shown as its text').to.equal(true);
  });

  it(`parses JSON nested up to ${MAX_JSON_DEPTH} levels, and keeps one level more as text`, () => {
    const levels = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(input(levels(MAX_JSON_DEPTH), 'application/json').body).to.be.an('array');
    expect(input(levels(MAX_JSON_DEPTH + 1), 'application/json').body).to.equal(levels(MAX_JSON_DEPTH + 1));
  });

  it('shows a purged body as null', () => {
    expect(input(null, 'application/json').body).to.equal(null);
  });
});
