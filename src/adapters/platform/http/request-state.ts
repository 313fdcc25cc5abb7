import type { Context } from 'koa';
import type { Principal } from '../../../domain/kernel/principal.ts';

/** The caller a bearer route's authenticator put on the request (only bearer routes have one). */
export function principalOf(ctx: Context): Principal {
  return ctx.state.principal as Principal;
}

/** The client address resolved once per request (the socket peer, or behind a trusted proxy). */
export function clientIpOf(ctx: Context): string {
  return ctx.state.clientIp as string;
}
