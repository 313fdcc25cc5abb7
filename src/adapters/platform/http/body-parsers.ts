import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { refuseUndecodable } from './body-decoding.ts';

// koa-body with one parser on at a time: JSON on the API's routes, url-encoded on the web forms. Text and
// multipart stay off (the webhook route reads its raw bytes itself, the files routes stream their own
// multipart), so formidable never parses a body; koa-body imports it, and zod for its options, when this
// module loads all the same (README, "Memory and start-up", says what that costs).
const NONE = { json: false, urlencoded: false, text: false, multipart: false, patchNode: false } as const;

/** One middleware per kind and limit: koa-body checks its options (with zod) when made, not per request. */
const parsers = new Map<string, Middleware>();

function parser(kind: 'json' | 'urlencoded', limitBytes: number): Middleware {
  const key = `${kind}:${limitBytes}`;
  let made = parsers.get(key);
  if (!made) {
    made = koaBody(
      kind === 'json'
        ? { ...NONE, json: true, jsonStrict: false, jsonLimit: limitBytes, onError: refuseUndecodable }
        : { ...NONE, urlencoded: true, formLimit: limitBytes, onError: refuseUndecodable },
    );
    parsers.set(key, made);
  }
  return made;
}

/**
 * Parses a JSON body of at most `limitBytes` (after decoding its `Content-Encoding`) into `ctx.request.body`,
 * on POST, PUT and PATCH: any JSON value, `__proto__` keys refused; 400 when malformed or undecodable, 413 when
 * too large, 415 for an unknown encoding.
 */
export function jsonBody(limitBytes: number): Middleware {
  return parser('json', limitBytes);
}

/** The same for an `application/x-www-form-urlencoded` body (a web form). */
export function urlEncodedBody(limitBytes: number): Middleware {
  return parser('urlencoded', limitBytes);
}
