import type { Context } from 'koa';
import { CsrfRejected } from '../../domain/identity/index.ts';

/**
 * Every POST of the browser surface must come from a page of this service: its `Origin` (or, when a browser
 * sent none, the origin of its `Referer`) must be the origin of PUBLIC_URL. A request with neither is refused:
 * browsers send `Origin` on every form POST, so only non-browser clients lack both.
 */
export function assertSameOrigin(ctx: Context, publicOrigin: string): void {
  const origin = ctx.get('Origin');
  if (origin) {
    if (origin !== publicOrigin) throw new CsrfRejected('the form was sent from another site');
    return;
  }
  if (originOf(ctx.get('Referer')) !== publicOrigin) {
    throw new CsrfRejected('the form was sent without a recognisable origin');
  }
}

function originOf(url: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
