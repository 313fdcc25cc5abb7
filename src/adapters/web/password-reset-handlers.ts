import type { Router } from '@koa/router';
import { InvalidAccountToken } from '../../domain/identity/index.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';
import { readForm } from './form-body.ts';
import { assertLoginFormToken, loginFormToken } from './login-handlers.ts';
import { resetConfirmPage, resetRequestPage } from './pages/password-reset-pages.ts';
import { assertSameOrigin } from './same-origin.ts';
import { ipOf, seeOther, sendPage, type WebDeps } from './web-context.ts';

const PLAUSIBLE_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;
const INVALID_LINK = 'This link is invalid, has expired or was already used. Ask for a new one.';

/**
 * The two steps of a reset in the browser. No session exists yet, so both forms carry the double-submitted
 * token of the sign-in form (CSRF) besides the origin check; the request page answers alike for every address.
 */
export function passwordResetHandlers(router: Router, deps: WebDeps): void {
  router.get('/password-reset', (ctx) => {
    sendPage(ctx, 200, resetRequestPage({ csrfToken: loginFormToken(ctx, deps) }));
  });

  router.post('/password-reset', async (ctx) => {
    assertSameOrigin(ctx, deps.publicOrigin);
    const form = await readForm(ctx);
    const csrfToken = assertLoginFormToken(ctx, deps, form._csrf);
    try {
      await deps.requestPasswordReset((form.email ?? '').slice(0, 320), { ip: ipOf(ctx) });
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      return sendPage(ctx, 400, resetRequestPage({ csrfToken, error: 'Enter an e-mail address.' }));
    }
    sendPage(ctx, 200, resetRequestPage({ csrfToken, sent: true }));
  });

  router.get('/password-reset/confirm', (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const csrfToken = loginFormToken(ctx, deps);
    if (!PLAUSIBLE_TOKEN.test(token))
      return sendPage(ctx, 400, resetConfirmPage({ csrfToken, error: INVALID_LINK }));
    sendPage(ctx, 200, resetConfirmPage({ csrfToken, token }));
  });

  router.post('/password-reset/confirm', async (ctx) => {
    assertSameOrigin(ctx, deps.publicOrigin);
    const form = await readForm(ctx);
    const csrfToken = assertLoginFormToken(ctx, deps, form._csrf);
    const token = form.token ?? '';
    const page = (error: string, keep = true) =>
      sendPage(ctx, 400, resetConfirmPage({ csrfToken, error, ...(keep ? { token } : {}) }));
    if (!PLAUSIBLE_TOKEN.test(token)) return page(INVALID_LINK, false);
    if (!form.new_password) return page('Fill in every field.');
    if (form.new_password !== form.confirm_password) return page('The two new passwords differ.');
    try {
      await deps.confirmPasswordReset({ token, newPassword: form.new_password, ip: ipOf(ctx) });
      seeOther(ctx, '/login?notice=password-reset');
    } catch (error) {
      if (error instanceof InvalidAccountToken) return page(INVALID_LINK, false);
      if (error instanceof InvalidInput) return page(`The new ${error.message}.`);
      throw error;
    }
  });
}
