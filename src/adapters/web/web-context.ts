import type { Context } from 'koa';
import type {
  BrowserSessionRequest,
  CurrentBrowserSession,
  SignedIn,
} from '../../application/identity/index.ts';
import type { ThroughWeb } from '../../composition/web.ts';
import { CsrfRejected } from '../../domain/identity/index.ts';
import { clearCookie, readCookie, writeCookie } from '../identity/index.ts';
import { clientIpOf } from '../platform/http/request-state.ts';
import { type FormFields, readForm } from './form-body.ts';
import type { SafeHtml } from './html.ts';
import type { Viewer } from './pages/layout.ts';
import { assertSameOrigin } from './same-origin.ts';

/** What the browser surface needs from the composition root. */
/** The web pages read the slices of every area before them and their own. */
export type WebDeps = ThroughWeb;

export function sendPage(ctx: Context, status: number, page: SafeHtml): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page.value;
}

/** 303 See Other: after a form POST the browser GETs the target (post/redirect/get). */
export function seeOther(ctx: Context, location: string): void {
  ctx.status = 303;
  ctx.set('Location', location);
  ctx.body = '';
}

export { clientIpOf as ipOf } from '../platform/http/request-state.ts';

/** What a new browser session keeps of this request, and the session cookie it replaces (no fixation). */
export function sessionRequest(ctx: Context, deps: WebDeps): BrowserSessionRequest {
  return {
    ip: clientIpOf(ctx),
    userAgent: ctx.get('User-Agent') || null,
    previousToken: readCookie(ctx, 'session', deps.cookieSettings),
  };
}

/** A sign-in (password, second factor or provider) succeeded: the session cookie, then home. */
export function enterSession(ctx: Context, deps: WebDeps, { token, session }: SignedIn): void {
  const maxAgeSeconds = (session.expiresAt.getTime() - session.createdAt.getTime()) / 1000;
  writeCookie(ctx, 'session', token, { maxAgeSeconds, sameSite: 'Lax' }, deps.cookieSettings);
  seeOther(ctx, '/');
}

/**
 * The signed-in session of this request, resolved once. A cookie that names no live session is deleted from
 * the browser on the way.
 */
export async function currentSession(
  ctx: Context,
  deps: WebDeps,
): Promise<CurrentBrowserSession | undefined> {
  if (!('browserSession' in ctx.state)) {
    const token = readCookie(ctx, 'session', deps.cookieSettings);
    const current = token ? await deps.resolveBrowserSession(token) : undefined;
    if (token && !current) clearCookie(ctx, 'session', deps.cookieSettings);
    ctx.state.browserSession = current;
  }
  return ctx.state.browserSession;
}

export const viewerOf = ({ session, user }: CurrentBrowserSession): Viewer => ({
  displayName: user.displayName,
  csrfToken: session.csrfToken,
});

/**
 * The checks in front of every state-changing form of a signed-in page, in this order: the request comes from
 * our own origin, then (when signed in) the form carries this session's CSRF token. Either failure throws
 * CsrfRejected (403) before anything changes. Undefined when the browser is not signed in.
 */
export async function acceptSessionForm(
  ctx: Context,
  deps: WebDeps,
): Promise<{ current: CurrentBrowserSession; form: FormFields } | undefined> {
  assertSameOrigin(ctx, deps.publicOrigin);
  const form = await readForm(ctx);
  const current = await currentSession(ctx, deps);
  if (!current) return undefined;
  if (!current.session.acceptsCsrfToken(form._csrf)) throw new CsrfRejected();
  return { current, form };
}
