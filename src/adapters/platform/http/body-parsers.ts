import type { Context, Middleware, Next } from 'koa';
import { refuseUndecodable } from './body-decoding.ts';

// koa-body with one parser on at a time: JSON on the API's routes, url-encoded on the web forms. Text and
// multipart stay off (the webhook route reads its raw bytes itself, the files routes stream their own
// multipart), so formidable never parses a body; koa-body imports it, and zod for its options, when it loads
// all the same (README, "Memory and start-up", says what that costs): it is imported on the first body to
// parse, so an idle server (and one serving only reads and webhooks) holds none of it.
const NONE = { json: false, urlencoded: false, text: false, multipart: false, patchNode: false } as const;

let koaBodyModule: Promise<typeof import('koa-body')> | undefined;

/** One middleware per kind and limit: koa-body checks its options (with zod) when made, not per request. */
const parsers = new Map<string, Promise<Middleware>>();

function parser(kind: 'json' | 'urlencoded', limitBytes: number): Promise<Middleware> {
  const key = `${kind}:${limitBytes}`;
  let made = parsers.get(key);
  if (!made) {
    koaBodyModule ??= import('koa-body');
    made = koaBodyModule.then(({ koaBody, HttpMethodEnum }) =>
      koaBody(
        kind === 'json'
          ? {
              ...NONE,
              json: true,
              jsonStrict: false,
              jsonLimit: limitBytes,
              onError: refuseUndecodable,
              // DELETE too: a route that declares a body on DELETE needs it (turning 2FA off takes a password).
              parsedMethods: [
                HttpMethodEnum.POST,
                HttpMethodEnum.PUT,
                HttpMethodEnum.PATCH,
                HttpMethodEnum.DELETE,
              ],
            }
          : { ...NONE, urlencoded: true, formLimit: limitBytes, onError: refuseUndecodable },
      ),
    );
    parsers.set(key, made);
  }
  return made;
}

async function parse(kind: 'json' | 'urlencoded', limitBytes: number, ctx: Context, next: Next) {
  const middleware = await parser(kind, limitBytes);
  return middleware(ctx, next);
}

/**
 * Parses a JSON body of at most `limitBytes` (after decoding its `Content-Encoding`) into `ctx.request.body`,
 * on POST, PUT, PATCH and DELETE (only routes that declare a body parse one): any JSON value, `__proto__` keys refused; 400 when malformed or undecodable, 413 when
 * too large, 415 for an unknown encoding.
 */
export function jsonBody(limitBytes: number): Middleware {
  return (ctx, next) => parse('json', decodedLimit(ctx, limitBytes), ctx, next);
}

/** What a compressed body may decode to at most, whatever its route takes: 1 MiB... */
export const MAX_DECODED_BODY_BYTES = 1024 * 1024;
/** ...or this many times its compressed size, when it says it (a larger route still bounds it). */
const MAX_DECODING_RATIO = 100;

/**
 * A body sent with a `Content-Encoding` is held to less than its route's limit: a few KB that inflate to the
 * route's megabytes would cost the server that much parsing for nothing the client paid for. 413 beyond.
 * The limit is one of a few values per route (the parsers are made once per limit).
 */
function decodedLimit(ctx: Context, limitBytes: number): number {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return limitBytes;
  const sent = Number(ctx.get('Content-Length'));
  // Rounded to whole MiB, so the parsers made per limit stay few.
  const byRatio = Number.isFinite(sent) ? Math.ceil((sent * MAX_DECODING_RATIO) / MAX_DECODED_BODY_BYTES) : 0;
  return Math.min(limitBytes, Math.max(1, byRatio) * MAX_DECODED_BODY_BYTES);
}

/** The same for an `application/x-www-form-urlencoded` body (a web form). */
export function urlEncodedBody(limitBytes: number): Middleware {
  return (ctx, next) => parse('urlencoded', limitBytes, ctx, next);
}
