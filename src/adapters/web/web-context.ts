import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { ChangePassword } from '../../application/identity/change-password.ts';
import type { SessionTokens } from '../../application/identity/ports/session-tokens.ts';
import type {
  CurrentBrowserSession,
  ResolveBrowserSession,
} from '../../application/identity/resolve-browser-session.ts';
import type { RevokeOwnSession } from '../../application/identity/revoke-own-session.ts';
import type { SignIn } from '../../application/identity/sign-in.ts';
import type { SignOut } from '../../application/identity/sign-out.ts';
import type { GetHome } from '../../application/web/get-home.ts';
import { CsrfRejected } from '../../domain/identity/browser-errors.ts';
import { type CookieSettings, clearCookie, readCookie } from './cookies.ts';
import { type FormFields, readForm } from './form-body.ts';
import type { SafeHtml } from './html.ts';
import type { Viewer } from './pages/layout.ts';
import { assertSameOrigin } from './same-origin.ts';

/** What the browser surface needs from the composition root. */
export interface WebDeps {
  readonly resolveBrowserSession: ResolveBrowserSession;
  readonly signIn: SignIn;
  readonly signOut: SignOut;
  readonly getHome: GetHome;
  readonly revokeOwnSession: RevokeOwnSession;
  readonly changePassword: ChangePassword;
  readonly sessionTokens: SessionTokens;
  readonly cookieSettings: CookieSettings;
  /** The origin of PUBLIC_URL: the only one whose forms are accepted. */
  readonly publicOrigin: string;
  readonly logger: Logger;
  /** Recognises errors that mean the database is down (an HTML 503 page instead of a 500). */
  readonly isUnavailable: (error: unknown) => boolean;
}

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
