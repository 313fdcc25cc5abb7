import type { Context } from 'koa';
import { PayloadTooLarge, UnsupportedContentEncoding } from '../../../domain/triggers/webhook-errors.ts';

/** The client went away (or broke the framing) before the body ended; nobody is left to answer. */
class BodyAborted extends Error {
  readonly status = 400;
  readonly expose = true;
  constructor() {
    super('the request body ended early');
  }
}

/**
 * Reads the request body as the exact bytes sent (no decoding, no parsing), for routes declared with a raw
 * body. Refuses any `Content-Encoding` but identity (415), and more than `limitBytes`: at once from
 * `Content-Length` when declared, else while a chunked body streams in (413), without buffering past the
 * limit. A refused body is not drained: the answer carries `Connection: close` and the socket closes after it.
 */
export function readRawBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  const { req } = ctx;
  const encoding = (req.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') return refuse(ctx, new UnsupportedContentEncoding());
  const declared = req.headers['content-length'];
  // Node's parser already refused a malformed Content-Length, and one sent together with chunked encoding.
  if (declared !== undefined && Number(declared) > limitBytes) {
    return refuse(ctx, new PayloadTooLarge(limitBytes, Number(declared)));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error?: Error) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) {
        req.pause();
        reject(error);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        ctx.set('Connection', 'close');
        settle(new PayloadTooLarge(limitBytes, size));
      } else chunks.push(chunk);
    };
    const onEnd = () => settle();
    const onError = () => settle(new BodyAborted());
    const onClose = () => {
      if (!req.complete) settle(new BodyAborted());
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}

function refuse(ctx: Context, error: Error): Promise<never> {
  ctx.set('Connection', 'close');
  return Promise.reject(error);
}
