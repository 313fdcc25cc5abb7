// Item 5 of issue 10, hostile input: the values requests are made of (strings, JSON, bodies).
import fc from 'fast-check';
import type { Schema } from './hostile-target.ts';

/** Characters that break naive handling: NUL and other controls, lone surrogates, separators, BOM, quotes. */
const nastyChar = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u001b',
    '\u007f',
    '\ud800',
    '\udfff',
    '\u2028',
    '\ufeff',
    '\uffff',
    '"',
    '\\',
    '%',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ minLength: 1, maxLength: 1 }),
);
export const nastyString = fc.oneof(
  fc.string({ unit: nastyChar, maxLength: 24 }),
  fc.string({ maxLength: 24 }),
  fc.constantFrom('', ' ', '../../etc/passwd', "'; drop table users; --", '0', '-1', 'null', '9'.repeat(40)),
  fc.integer({ min: 256, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** Marks a value to be written as JSON nested `depth` levels deep (kept small until sent, for readable reports). */
interface Deep {
  readonly deep: number;
  readonly open: '[' | '{"a":';
}
const deepValue = fc.record({
  deep: fc.oneof(fc.integer({ min: 32, max: 600 }), fc.integer({ min: 600, max: 12_000 })),
  open: fc.constantFrom('[' as const, '{"a":' as const),
});

const looseJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(nastyString, fc.oneof(nastyString, fc.integer(), fc.constant(null)), { maxKeys: 4 }),
  deepValue,
  nastyString,
);

/** Values shaped by a JSON Schema (so a request gets past validation) with hostile leaves; sometimes wrong types. */
export function fromSchema(
  schema: Schema | undefined,
  ids: readonly string[],
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return looseJson;
  const alternatives = [schema.oneOf, schema.anyOf].find(Array.isArray) as Schema[] | undefined;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let typed: fc.Arbitrary<unknown>;
  if (alternatives) typed = fc.oneof(...alternatives.map((s) => fromSchema(s, ids, depth + 1)));
  else if (schema.enum) typed = fc.constantFrom(...(schema.enum as unknown[]));
  else if (type === 'object' && schema.properties) {
    const properties = schema.properties as Record<string, Schema>;
    const shape = Object.fromEntries(
      Object.entries(properties).map(([k, s]) => [k, fromSchema(s, ids, depth + 1)]),
    );
    typed = fc.record(shape, { requiredKeys: (schema.required ?? []) as string[] });
  } else if (type === 'object') typed = looseJson;
  else if (type === 'array') typed = fc.array(fromSchema(schema.items, ids, depth + 1), { maxLength: 4 });
  else if (type === 'string' && schema.format === 'uuid')
    typed = fc.oneof(fc.constantFrom(...ids), fc.uuid());
  else if (type === 'string' && schema.format === 'date-time') {
    typed = fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constantFrom('+275760-09-13T00:00:00.000Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:60Z'),
      nastyString,
    );
  } else if (type === 'string') typed = nastyString;
  else if (type === 'integer' || type === 'number') {
    typed = fc.oneof(
      fc.integer(),
      fc.constantFrom(
        0,
        -1,
        2 ** 31,
        2 ** 53 + 1,
        1e308,
        -1e308,
        0.5,
        schema.minimum ?? 0,
        schema.maximum ?? 0,
      ),
    );
  } else if (type === 'boolean') typed = fc.boolean();
  else typed = looseJson;
  return fc.oneof({ weight: 6, arbitrary: typed }, { weight: 1, arbitrary: looseJson });
}

/** JSON text of `value`, with `Deep` markers written out. */
export function serialise(value: unknown): string {
  if (value && typeof value === 'object' && 'deep' in value && 'open' in value) {
    const { deep, open } = value as Deep;
    return `${open.repeat(deep)}1${(open === '[' ? ']' : '}').repeat(deep)}`;
  }
  if (Array.isArray(value)) return `[${value.map(serialise).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${serialise(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type Body = { readonly json: unknown } | { readonly text: string } | { readonly bytes: number[] };
export const bytesOf = (body: Body): Buffer =>
  'json' in body
    ? Buffer.from(serialise(body.json))
    : 'text' in body
      ? Buffer.from(body.text)
      : Buffer.from(body.bytes);

export const bodyOf = (schema: Schema | undefined, ids: readonly string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 5, arbitrary: fromSchema(schema, ids).map((json) => ({ json })) },
    { weight: 1, arbitrary: looseJson.map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          '{',
          '{"a":1,}',
          'nul',
          '\ufeff{}',
          '1e999999',
          '{"a":1}{"b":2}',
          '"\\ud800"',
          '{"__proto__":{"x":1}}',
        )
        .map((text) => ({ text })),
    },
    {
      weight: 1,
      arbitrary: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 }).map((bytes) => ({ bytes })),
    },
  );
