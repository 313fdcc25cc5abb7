import { createRequire } from 'node:module';
import type CoBody from 'co-body';
import type { Context, Middleware, Next } from 'koa';
import { refuseUndecodable } from './body-decoding.ts';

// co-body's JSON and form parsers, loaded from their own files. They are what koa-body ran for these bodies,
// with the same options, errors and limits; koa-body itself also loaded zod (to check its options) and
// formidable (multipart), several megabytes of heap that every process kept, and co-body's index loads a
// second copy of the MIME database for a content sniffing nothing here uses.
const require = createRequire(import.meta.url);
const parseJson = require('co-body/lib/json.js') as CoBody.Parse['json'];
const parseForm = require('co-body/lib/form.js') as CoBody.Parse['form'];

declare module 'koa' {
  interface Request {
    /** The parsed JSON or form body, on the routes that read one. */
    body?: unknown;
  }
}

/** Bodies are read on these methods only (GET, HEAD and DELETE bodies have no defined meaning). */
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** The media types read as JSON (`ctx.is` patterns). */
const JSON_TYPES = [
  'application/json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/csp-report',
  'application/reports+json',
];

/**
 * Parses a JSON body of at most `limitBytes` (after decoding its `Content-Encoding`) into `ctx.request.body`:
 * any JSON value, `__proto__` keys refused; 400 when malformed or undecodable, 413 when too large, 415 for an
 * unknown encoding.
 */
export function jsonBody(limitBytes: number): Middleware {
  return async function parseJsonBody(ctx: Context, next: Next): Promise<void> {
    if (PARSED_METHODS.has(ctx.method) && ctx.is(JSON_TYPES)) {
      ctx.request.body = await parse(ctx, () =>
        parseJson(ctx, { encoding: 'utf-8', limit: limitBytes, strict: false }),
      );
    }
    await next();
  };
}

/** Parses an `application/x-www-form-urlencoded` body of at most `limitBytes` into `ctx.request.body`. */
export async function readUrlEncodedBody(ctx: Context, limitBytes: number): Promise<void> {
  if (PARSED_METHODS.has(ctx.method) && ctx.is('urlencoded')) {
    ctx.request.body = await parse(ctx, () => parseForm(ctx, { encoding: 'utf-8', limit: limitBytes }));
  }
}

async function parse(ctx: Context, read: () => Promise<unknown>): Promise<unknown> {
  try {
    return await read();
  } catch (error) {
    return refuseUndecodable(error as Error, ctx);
  }
}
