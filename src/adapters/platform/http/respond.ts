import type { Context } from 'koa';

/**
 * Sets a JSON body as its text (a plain object or array; anything else as it is), typed JSON unless a JSON type
 * (problem+json) is set. Koa, handed an object, checks it against the `Response` global both when it is set and
 * when it is sent, and the first touch of that global loads Node's fetch (undici: some 17 MB of resident memory)
 * in a process that may never fetch anything.
 */
export function sendJson(ctx: Context, body: unknown): void {
  if (typeof body === 'object' && body !== null && isPlain(body)) {
    if (!/\bjson\b/i.test(ctx.type)) ctx.type = 'json';
    ctx.body = JSON.stringify(body);
  } else ctx.body = body;
}

/** 200 with a JSON body. */
export function ok(ctx: Context, body: unknown): void {
  sendJson(ctx, body);
}

/** 201 with the new resource, and its address when it has one of its own. */
export function created(ctx: Context, body: unknown, location?: string): void {
  ctx.status = 201;
  if (location) ctx.set('Location', location);
  sendJson(ctx, body);
}

/** 202: queued, not done; `location` is where to follow it. */
export function accepted(ctx: Context, body: unknown, location: string): void {
  ctx.status = 202;
  ctx.set('Location', location);
  sendJson(ctx, body);
}

/** Answers carrying a credential (tokens, a signing secret): no cache of any age may keep them. */
export function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}

/** 202 with no content: queued work with nothing for the caller to follow (an e-mail on its way). */
export function acceptedEmpty(ctx: Context): void {
  ctx.status = 202;
  // Koa would otherwise answer the status text as a plain-text body.
  ctx.body = '';
  ctx.remove('Content-Type');
}

function isPlain(body: object): boolean {
  return Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype;
}
