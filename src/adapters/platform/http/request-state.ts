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

/** The request's bearer credential, checked again later (by a long-lived response such as an event stream). */
export interface BearerCredential {
  /** Authenticates the same credential again: throws when it no longer works. */
  reauthenticate(): Promise<Principal>;
  /** When an access token expires (ms since the epoch); undefined for an API key. */
  readonly expiresAt: number | undefined;
}

/** The bearer credential of the request, for a response that outlives it (see the bearer authenticator). */
export function credentialOf(ctx: Context): BearerCredential {
  return ctx.state.credential as BearerCredential;
}
