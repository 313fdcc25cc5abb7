import type { Router } from '@koa/router';
import { WrongCurrentPassword } from '../../domain/identity/index.ts';
import { InvalidInput, NotFound, RateLimited } from '../../domain/kernel/errors.ts';
import { clearCookie } from '../identity/index.ts';
import { homePage } from './pages/home-page.ts';
import { passwordPage } from './pages/password-page.ts';
import {
  acceptSessionForm,
  currentSession,
  ipOf,
  seeOther,
  sendPage,
  viewerOf,
  type WebDeps,
} from './web-context.ts';

const NOTICES = new Map(
  Object.entries({
    'session-revoked': 'The session was revoked.',
    'session-gone': 'That session had already ended.',
    'password-changed': 'Your password was changed. Every other session was signed out.',
  }),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIGN_IN_AGAIN = '/login?notice=session-ended';

/** The signed-in pages: home (with session revocation) and the password change. */
export function accountHandlers(router: Router, deps: WebDeps): void {
  router.get('/', async (ctx) => {
    const current = await currentSession(ctx, deps);
    if (!current) return seeOther(ctx, '/login');
    const home = await deps.getHome(current);
    sendPage(
      ctx,
      200,
      homePage({ home, viewer: viewerOf(current), notice: NOTICES.get(String(ctx.query.notice)) }),
    );
  });

  router.post('/sessions/revoke', async (ctx) => {
    const accepted = await acceptSessionForm(ctx, deps);
    if (!accepted) return seeOther(ctx, SIGN_IN_AGAIN);
    const { current, form } = accepted;
    const kind = form.kind === 'browser' || form.kind === 'api' ? form.kind : undefined;
    if (!kind || !form.id || !UUID.test(form.id))
      throw new InvalidInput('the session to revoke is not valid');
    if (kind === 'browser' && form.id === current.session.id) {
      await deps.signOut(current, ipOf(ctx));
      clearCookie(ctx, 'session', deps.cookieSettings);
      return seeOther(ctx, '/login?notice=signed-out');
    }
    try {
      await deps.revokeOwnSession(current, { kind, id: form.id.toLowerCase() }, ipOf(ctx));
      seeOther(ctx, '/?notice=session-revoked');
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
      seeOther(ctx, '/?notice=session-gone');
    }
  });

  router.get('/account/password', async (ctx) => {
    const current = await currentSession(ctx, deps);
    if (!current) return seeOther(ctx, '/login');
    const notice = NOTICES.get(String(ctx.query.notice));
    sendPage(ctx, 200, passwordPage({ viewer: viewerOf(current), notice }));
  });

  router.post('/account/password', async (ctx) => {
    const accepted = await acceptSessionForm(ctx, deps);
    if (!accepted) return seeOther(ctx, SIGN_IN_AGAIN);
    const { current, form } = accepted;
    const page = (status: number, error: string) =>
      sendPage(ctx, status, passwordPage({ viewer: viewerOf(current), error }));
    if (!form.current_password || !form.new_password) return page(400, 'Fill in every field.');
    if (form.new_password !== form.confirm_password) return page(400, 'The two new passwords differ.');
    try {
      await deps.changePassword(current, {
        currentPassword: form.current_password,
        newPassword: form.new_password,
        ip: ipOf(ctx),
      });
      seeOther(ctx, '/account/password?notice=password-changed');
    } catch (error) {
      if (error instanceof WrongCurrentPassword) return page(400, 'The current password is not correct.');
      if (error instanceof InvalidInput) return page(400, `The new ${error.message}.`);
      if (!(error instanceof RateLimited)) throw error;
      ctx.set('Retry-After', String(error.retryAfterSeconds));
      page(429, `Too many attempts. Try again in ${error.retryAfterSeconds} seconds.`);
    }
  });
}
