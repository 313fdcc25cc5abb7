import type { Context, Middleware } from 'koa';
import { NotFound } from '../../domain/kernel/errors.ts';
import { isSecureRequest } from '../identity/index.ts';
import { Router } from '../platform/http/koa-router.ts';
import { accountHandlers } from './account-handlers.ts';
import { consoleRoutes } from './console/console-routes.ts';
import { loginHandlers } from './login-handlers.ts';
import { mfaHandlers } from './mfa-handlers.ts';
import { errorPage } from './pages/error-page.ts';
import { STYLESHEET } from './pages/styles.ts';
import { passwordResetHandlers } from './password-reset-handlers.ts';
import { setSecurityHeaders } from './security-headers.ts';
import { ssoHandlers } from './sso-handlers.ts';
import { verifyEmailHandlers } from './verify-email-handlers.ts';
import { sendPage, type WebDeps } from './web-context.ts';
import { webErrors } from './web-errors.ts';

/**
 * The browser surface: server-rendered pages signed in with a session cookie, a second driving adapter beside
 * the JSON API in the same Koa app. It is given every request the API does not own, and answers with HTML,
 * security headers on every response, and HTML error pages.
 */
export function webSurface(deps: WebDeps): Middleware {
  const router = new Router();
  loginHandlers(router, deps);
  mfaHandlers(router, deps);
  accountHandlers(router, deps);
  verifyEmailHandlers(router, deps);
  passwordResetHandlers(router, deps);
  ssoHandlers(router, deps);
  consoleRoutes(router, deps);
  router.get('/assets/web.css', (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = STYLESHEET;
  });
  const routes = router.routes();
  const allowed = router.allowedMethods();
  const renderErrors = webErrors(deps.logger, deps.isUnavailable);

  return async function browserSurface(ctx: Context): Promise<void> {
    setSecurityHeaders(ctx, isSecureRequest(ctx, deps.cookieSettings));
    // Pages show who is signed in: no cache may keep them.
    ctx.set('Cache-Control', 'no-store');
    await renderErrors(ctx, async () => {
      await allowed(ctx as never, () => routes(ctx as never, async () => {}));
      if (ctx.body !== undefined) return;
      if (ctx.status === 405 || ctx.status === 501) {
        const detail = `This page accepts only ${ctx.response.get('Allow')}.`;
        return sendPage(ctx, 405, errorPage(405, detail, ctx.state.requestId));
      }
      if (ctx.status === 404) throw new NotFound('this page');
    });
  };
}
