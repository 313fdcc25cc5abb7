// Item 5 of issue 10, hostile input: fast-check properties over every public route of the OpenAPI document and
// the webhook ingest. Requests are written by hand on a socket (odd methods, duplicate, overlong and non-ASCII
// headers, any media type and Content-Encoding, random bytes, random and deep JSON, control characters and lone
// surrogates in otherwise valid bodies, forged cursors). The properties: never a 5xx, every error answer is
// problem+json, and whatever was accepted can be read back without a 5xx. Shared by the bounded mocha test and
// the long run of `make resilience`.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { type Json, ok } from './api.ts';
import { exchange, type NoAnswer, type RawAnswer, type RawRequest, utf8Header } from './raw-http.ts';

type Schema = Json;

interface Route {
  readonly method: string;
  readonly path: string;
  readonly body: Schema | undefined;
  readonly query: Readonly<Record<string, Schema>>;
}

/** A live server with things to aim at: every request the properties send goes to `port`. */
export interface HostileTarget {
  readonly port: number;
  readonly token: string;
  readonly workspaceId: string;
  /** Ids of things that exist (workspace, mission, run, trigger, delivery, user), used as path parameters. */
  readonly ids: readonly string[];
  /** A trigger used only by the ingest property, in the same workspace, so that claims hand out its runs. */
  readonly ingest: { readonly path: string; readonly secret: string };
  readonly routes: readonly Route[];
}

/** Reads the public routes from the served OpenAPI document and makes the things to aim at, as `token`'s user. */
export async function prepareTarget(base: string, token: string): Promise<HostileTarget> {
  const document = await ok(base, undefined, 'GET', '/api/v2/openapi.json');
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(operations)) {
      const query: Record<string, Schema> = {};
      for (const p of op.parameters ?? []) if (p.in === 'query') query[p.name] = p.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
        query,
      });
    }
  }
  const me = await ok(base, token, 'GET', '/api/auth/me');
  const workspace = await ok(base, token, 'POST', '/api/workspaces', { name: 'hostile input' });
  const mission = await ok(base, token, 'POST', '/api/missions', {
    workspace_id: workspace.id,
    name: 'aimed at',
  });
  const trigger = await ok(base, token, 'POST', '/api/triggers', {
    mission_id: mission.id,
    name: 'aimed at',
  });
  const ingest = await ok(base, token, 'POST', '/api/triggers', { mission_id: mission.id, name: 'ingest' });
  const run = await ok(base, token, 'POST', `/api/missions/${mission.id}/runs`, { input: { a: 1 } });
  const body = '{"hello":"world"}';
  const delivery = await fetch(`${base}/api/triggers/webhook/${trigger.webhook_path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature(trigger.signing_secret, body) },
    body,
  }).then((r) => r.json() as Promise<Json>);
  return {
    port: Number(new URL(base).port),
    token,
    workspaceId: workspace.id,
    ids: [me.id, workspace.id, mission.id, trigger.id, run.id, delivery.delivery_id, delivery.run_id],
    ingest: { path: ingest.webhook_path, secret: ingest.signing_secret },
    routes,
  };
}

export interface HostileReport {
  readonly requests: number;
  readonly statuses: ReadonlyMap<number | string, number>;
  /** Cases that broke a property. */
  readonly failedCases: number;
  /** One example per kind of failure (route, method, what went wrong), with the seed and the request. */
  readonly failures: readonly string[];
}

/** A request and the name of what it aims at (the route template, or the ingest), for grouping failures. */
interface Case {
  readonly aim: string;
  readonly request: RawRequest;
}

/**
 * Runs both properties (`runs` cases each) against the target. By default the first failing case stops a
 * property and is shrunk to a small counterexample; with `collect`, every case runs and one example of each kind
 * of failure is kept (the long run, which should show everything that is wrong at once).
 */
export async function checkHostileInput(
  target: HostileTarget,
  { runs, seed, collect = false }: { runs: number; seed: number; collect?: boolean },
): Promise<HostileReport> {
  const statuses = new Map<number | string, number>();
  const failures = new Map<string, string>();
  let failedCases = 0;
  let requests = 0;
  const send = async (request: RawRequest): Promise<RawAnswer | NoAnswer> => {
    const answer = await exchange(target.port, request);
    requests++;
    const key = 'error' in answer ? answer.error : answer.status;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    return answer;
  };
  /** The kind and the description of what went wrong, or undefined. */
  const attempt = async ({ aim, request }: Case): Promise<[string, string] | undefined> => {
    const answer = await send(request);
    const wrong = verdict(request, answer);
    if (wrong) return [`${request.method} ${aim}: ${wrong.kind}`, wrong.text];
    if ('error' in answer || answer.status >= 300 || request.method === 'GET') return undefined;
    // Accepted: whatever it stored must read back without a 5xx (a stored body that breaks every later read).
    for (const read of readBacks(target, answer)) {
      const broken = verdict(read, await send(read));
      if (broken) {
        return [
          `${request.method} ${aim}, read back: ${broken.kind}`,
          `accepted with ${answer.status}, then ${broken.text}`,
        ];
      }
    }
    return undefined;
  };
  const properties = [routeCase(target), ingestCase(target)];
  for (const arbitrary of properties) {
    const details = await fc.check(
      fc.asyncProperty(arbitrary, async (item) => {
        const wrong = await attempt(item);
        if (!wrong) return;
        failedCases++;
        if (collect) {
          if (!failures.has(wrong[0]))
            failures.set(wrong[0], `${wrong[1]}\n       request ${describe(item)}`);
          return;
        }
        throw new Error(`${wrong[0]}: ${wrong[1]}`);
      }),
      { numRuns: runs, seed, interruptAfterTimeLimit: 300_000 },
    );
    if (details.failed) {
      const error = (details.errorInstance as Error | undefined)?.message ?? String(details.errorInstance);
      failures.set(
        error,
        `seed ${details.seed}, path "${details.counterexamplePath}" (after ${details.numRuns} runs, ` +
          `${details.numShrinks} shrinks)\n       request ${describe(details.counterexample?.[0] as Case)}`,
      );
      break;
    }
  }
  return {
    requests,
    statuses,
    failedCases,
    failures: [...failures].map(([kind, example]) => `${kind}\n       ${example}`),
  };
}

function describe(item: Case | undefined): string {
  return JSON.stringify(item?.request, shorten);
}

/** What is wrong with an answer, or undefined: no answer, a 5xx, or an error that is not problem+json. */
function verdict(
  request: RawRequest,
  answer: RawAnswer | NoAnswer,
): { kind: string; text: string } | undefined {
  const what = `${request.method} ${request.target.slice(0, 120)}`;
  if ('error' in answer) return { kind: `no answer (${answer.error})`, text: what };
  const text = `${what}: ${answer.status} ${answer.body.toString('utf8').slice(0, 240)}`;
  if (answer.status >= 500) return { kind: String(answer.status), text };
  if (answer.status < 400 || request.method === 'HEAD') return undefined;
  if (!answer.headers['content-type']?.startsWith('application/problem+json')) {
    return { kind: `${answer.status} as ${answer.headers['content-type'] ?? 'no content type'}`, text };
  }
  try {
    const problem = JSON.parse(answer.body.toString('utf8'));
    if (problem.status === answer.status && typeof problem.code === 'string') return undefined;
  } catch {}
  return { kind: `${answer.status} with a malformed problem`, text };
}

/** Reads of what an accepted request may have stored: by each id in the answer, and the workspace's lists. */
function readBacks(target: HostileTarget, answer: RawAnswer): RawRequest[] {
  let body: Json;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return [];
  }
  const ids = [body?.id, body?.run_id, body?.delivery_id].filter((id) => typeof id === 'string');
  const single = target.routes.filter(
    (r) => r.method === 'GET' && /^\/api\/[a-z-]+\/\{[a-z_]+\}(\/[a-z]+)?$/.test(r.path),
  );
  const targets = [
    ...ids.flatMap((id) => single.map((r) => r.path.replace(/\{[a-z_]+\}/, id))),
    `/api/runs?workspace_id=${target.workspaceId}&limit=200`,
    `/api/missions?workspace_id=${target.workspaceId}&limit=200`,
    `/api/triggers?workspace_id=${target.workspaceId}&limit=200`,
  ];
  return targets.map((path) => ({
    method: 'GET',
    target: path,
    headers: [['authorization', `Bearer ${target.token}`]],
  }));
}

// ---- what the requests are made of

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
const nastyString = fc.oneof(
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
function fromSchema(schema: Schema | undefined, ids: readonly string[], depth = 0): fc.Arbitrary<unknown> {
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
function serialise(value: unknown): string {
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
const bytesOf = (body: Body): Buffer =>
  'json' in body
    ? Buffer.from(serialise(body.json))
    : 'text' in body
      ? Buffer.from(body.text)
      : Buffer.from(body.bytes);

const bodyOf = (schema: Schema | undefined, ids: readonly string[]): fc.Arbitrary<Body> =>
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

/** Header values sent byte for byte: printable ASCII, UTF-8, latin1 bytes, NUL, overlong. */
const headerValue = fc.oneof(
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
const extraHeaders = fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 });

const mediaType = fc.oneof(
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
const contentEncoding = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip, gzip') },
);

/** Cursors this server did not make: years past 9999, negative or huge times, wrong ids, random bytes. */
const forgedCursor = fc.oneof(
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
const encoded = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
const rawPiece = fc.constantFrom(
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

function queryOf(route: Route, ids: readonly string[]): fc.Arbitrary<string> {
  const names = Object.keys(route.query);
  const pair = fc.tuple(
    names.length > 0 ? fc.oneof(fc.constantFrom(...names), nastyString) : nastyString,
    fc.oneof(forgedCursor, nastyString, fc.constantFrom(...ids), fc.integer().map(String)),
  );
  const asText = (value: unknown) => (typeof value === 'string' ? value : serialise(value));
  return fc.oneof(
    fc.constant(''),
    fc
      .record(Object.fromEntries(names.map((n) => [n, fromSchema(route.query[n], ids).map(asText)])), {
        requiredKeys: [],
      })
      .map((q) =>
        Object.entries(q)
          .map(([k, v]) => `${encoded(k)}=${encoded(v as string)}`)
          .join('&'),
      ),
    fc
      .array(pair, { maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${encoded(k)}=${encoded(v)}`).join('&')),
    fc.tuple(rawPiece, rawPiece).map(([k, v]) => `${k}=${v}`),
  );
}

const otherMethod = fc.constantFrom(
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

function routeCase(target: HostileTarget): fc.Arbitrary<Case> {
  const live = `Bearer ${target.token}`;
  return fc.constantFrom(...target.routes).chain((route) => {
    // The fuzzer's own session must survive: logging out and revoking get other tokens; deletes get made-up ids.
    const spares = /logout|revoke-all/.test(route.path);
    const auth = fc.oneof(
      { weight: spares ? 0 : 6, arbitrary: fc.constant([['authorization', live]]) },
      { weight: 1, arbitrary: fc.constant([]) },
      {
        weight: 1,
        arbitrary: fc
          .oneof(
            nastyString.map((t) => `Bearer ${t}`),
            fc.constantFrom(
              'Basic YTpi',
              'Bearer',
              'bearer  x',
              `Bearer pk_${'A'.repeat(22)}_${'b'.repeat(43)}`,
            ),
          )
          .map((v) => [['authorization', utf8Header(v)]]),
      },
      {
        weight: spares ? 0 : 1,
        arbitrary: fc.constant([
          ['authorization', live],
          ['authorization', 'Bearer x'],
        ]),
      },
    );
    const param =
      route.method === 'DELETE'
        ? fc.oneof(fc.uuid(), rawPiece)
        : fc.oneof(fc.constantFrom(...target.ids), fc.uuid(), rawPiece, nastyString.map(encoded));
    const params = (route.path.match(/\{[a-z_]+\}/g) ?? []).length;
    return fc
      .record({
        method: fc.oneof(
          { weight: 5, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: otherMethod },
        ),
        params: fc.array(param, { minLength: params, maxLength: params }),
        query: queryOf(route, target.ids),
        auth,
        type: mediaType,
        encoding: contentEncoding,
        extra: extraHeaders,
        body: bodyOf(route.body, target.ids),
      })
      .map(({ method, params: values, query, auth: authHeaders, type, encoding, extra, body }) => {
        let i = 0;
        const path = route.path.replace(/\{[a-z_]+\}/g, () => values[i++] as string);
        const sendsBody =
          method !== 'GET' && method !== 'HEAD' && (route.body !== undefined || 'bytes' in body);
        const request: RawRequest = {
          method,
          target: query ? `${path}?${query}` : path,
          headers: [
            ...(authHeaders as [string, string][]),
            ...(sendsBody ? [['content-type', type] as [string, string]] : []),
            ...(encoding ? [['content-encoding', encoding] as [string, string]] : []),
            ...extra,
          ],
          ...(sendsBody ? { body: bytesOf(body) } : {}),
        };
        return { aim: route.path, request };
      });
  });
}

function ingestCase(target: HostileTarget): fc.Arbitrary<Case> {
  return fc
    .record({
      body: bodyOf(undefined, target.ids),
      signing: fc.constantFrom('valid', 'valid', 'valid', 'timestamped', 'wrong', 'none', 'garbage'),
      key: fc.option(fc.oneof(nastyString, fc.uuid()), { freq: 2 }),
      query: fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.tuple(rawPiece, rawPiece).map(([k, v]) => `${k}=${v}`) },
        { weight: 1, arbitrary: nastyString.map((s) => `q=${encoded(s)}`) },
      ),
      type: mediaType,
      encoding: contentEncoding,
      extra: extraHeaders,
    })
    .map(({ body, signing, key, query, type, encoding, extra }) => {
      const bytes = bytesOf(body);
      const t = Math.floor(Date.now() / 1000);
      const headers: [string, string][] = [['content-type', type]];
      if (signing === 'valid') headers.push(['x-signature', signature(target.ingest.secret, bytes)]);
      if (signing === 'timestamped') {
        const mac = createHmac('sha256', target.ingest.secret).update(`${t}.`).update(bytes).digest('hex');
        headers.push(['x-signature', `t=${t},v1=${mac}`]);
      }
      if (signing === 'wrong') headers.push(['x-signature', signature('whsec_wrong', bytes)]);
      if (signing === 'garbage') headers.push(['x-signature', 'sha256=zz,,==']);
      if (key !== null) headers.push(['idempotency-key', utf8Header(key)]);
      if (encoding) headers.push(['content-encoding', encoding]);
      const request: RawRequest = {
        method: 'POST',
        target: `/api/triggers/webhook/${target.ingest.path}${query ? `?${query}` : ''}`,
        headers: [...headers, ...extra],
        body: bytes,
      };
      return { aim: `ingest (${signing} signature)`, request };
    });
}

function signature(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** JSON.stringify replacer keeping reports readable: long strings and byte arrays cut. */
function shorten(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.length > 120) return `${value.slice(0, 60)}…(${value.length} chars)`;
  if (
    value &&
    typeof value === 'object' &&
    'type' in value &&
    (value as { type: string }).type === 'Buffer'
  ) {
    const bytes = Buffer.from((value as unknown as { data: number[] }).data);
    return bytes.length > 200
      ? `${bytes.subarray(0, 120).toString('latin1')}…(${bytes.length} bytes)`
      : bytes.toString('latin1');
  }
  return value;
}
