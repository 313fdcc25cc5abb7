import type { Context } from 'koa';
import { DomainError } from '../../../domain/kernel/errors.ts';

/** Decoders of the body parser (koa-body: co-body, `inflation`); any other `Content-Encoding` is its 415. */
const DECODED = new Set(['gzip', 'deflate', 'br']);

class UndecodableBody extends DomainError {
  constructor(encoding: string) {
    super('invalid', 'invalid_request', `the request body is not valid ${encoding} data`);
  }
}

/**
 * The body parser's `onError`: a body that does not decode as its `Content-Encoding` says fails in zlib, with
 * no HTTP status, and would be a 500; it is the client's 400. The parser's own errors (malformed JSON 400, too
 * large 413, unknown encoding 415) carry their status and pass through.
 */
export function refuseUndecodable(error: Error & { status?: number }, ctx: Context): never {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (error.status === undefined && DECODED.has(encoding)) throw new UndecodableBody(encoding);
  throw error;
}
