// Item 5 of issue 10, hostile input: whole requests, to a public route or to the webhook ingest.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import {
  contentEncoding,
  encoded,
  extraHeaders,
  forgedCursor,
  mediaType,
  otherMethod,
  rawPiece,
} from './hostile-parts.ts';
import { type Case, type HostileTarget, type Route, signature } from './hostile-target.ts';
import { bodyOf, bytesOf, fromSchema, nastyString, serialise } from './hostile-values.ts';
import { type RawRequest, utf8Header } from './raw-http.ts';

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

export function routeCase(target: HostileTarget): fc.Arbitrary<Case> {
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

export function ingestCase(target: HostileTarget): fc.Arbitrary<Case> {
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
