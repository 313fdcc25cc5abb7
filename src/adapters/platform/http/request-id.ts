import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes a sane client `X-Request-Id`, otherwise generates one; every response carries it. */
export function requestId(ctx: Context, next: Next): Promise<void> {
  const sent = ctx.get('X-Request-Id');
  const id = SANE_ID.test(sent) ? sent : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  return next();
}
