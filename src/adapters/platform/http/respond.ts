import type { Context } from 'koa';

/** 200 with a JSON body. */
export function ok(ctx: Context, body: unknown): void {
  ctx.body = body;
}

/** 201 with the new resource, and its address when it has one of its own. */
export function created(ctx: Context, body: unknown, location?: string): void {
  ctx.status = 201;
  if (location) ctx.set('Location', location);
  ctx.body = body;
}

/** 202: queued, not done; `location` is where to follow it. */
export function accepted(ctx: Context, body: unknown, location: string): void {
  ctx.status = 202;
  ctx.set('Location', location);
  ctx.body = body;
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
