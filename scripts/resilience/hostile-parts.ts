// Item 5 of issue 10, hostile input: the other parts of a request (headers, media types, encodings, cursors,
// pieces of paths and queries, methods).
import fc from 'fast-check';
import { nastyString } from './hostile-values.ts';
import { utf8Header } from './raw-http.ts';

/** Header values sent byte for byte: printable ASCII, UTF-8, latin1 bytes, NUL, overlong. */
export const headerValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }).map(utf8Header),
  fc
    .array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 20 })
    .map((bytes) => Buffer.from(bytes.filter((b) => b !== 10 && b !== 13)).toString('latin1')),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'v'.repeat(n)),
);
const headerName = fc.oneof(
  fc.constantFrom(
    'x-request-id',
    'idempotency-key',
    'x-delivery-id',
    'x-signature',
    'accept',
    'accept-encoding',
    'cookie',
    'x-forwarded-for',
    'origin',
    'referer',
    'user-agent',
    'if-none-match',
    'range',
    'authorization',
    'content-type',
    'transfer-encoding',
  ),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/),
  fc.constantFrom('bad header', 'x\u00e9', ':authority'),
);
export const extraHeaders = fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 });

export const mediaType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/merge-patch+json',
      'application/xml',
      '*/*',
      '',
    ),
  },
  { weight: 1, arbitrary: headerValue },
);
/** Mostly none: a request with an odd Content-Encoding rarely gets further than that. */
export const contentEncoding = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip, gzip') },
);

/** Cursors this server did not make: years past 9999, negative or huge times, wrong ids, random bytes. */
export const forgedCursor = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        '253402300800000',
        '8640000000000001',
        '99999999999999999999',
        '-1',
        '0',
        'NaN',
        '1e3',
        '',
      ),
      fc.oneof(fc.uuid(), nastyString),
    )
    .map(([ms, id]) => Buffer.from(`${ms}.${id}`).toString('base64url')),
  fc
    .array(fc.integer({ min: 0, max: 255 }), { maxLength: 60 })
    .map((b) => Buffer.from(b).toString('base64url')),
  nastyString,
);

/** Percent-encodes the UTF-8 bytes of `text` (safe for lone surrogates), or leaves some raw for the parser. */
export const encoded = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
export const rawPiece = fc.constantFrom(
  '%00',
  '%ZZ',
  '%',
  '%ED%A0%80',
  '%C0%AF',
  '..',
  '%2e%2e',
  'a'.repeat(3000),
  '\u00fc',
  '%E2%82%AC',
  '',
);

export const otherMethod = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'TRACE',
  'PROPFIND',
  'get',
  'X',
);
