import type { Context } from 'koa';
import { MfaRequired } from '../../../domain/identity/two-factor.ts';
import { sendProblem, titleFor } from '../../platform/http/problem.ts';
import { noStore } from '../../platform/http/respond.ts';

/**
 * Runs a login and answers its MfaRequired as CONTRACT section 14 says: 401 `mfa_required` with the
 * `mfa_token` beside the problem's fields (no cache keeps it). Every other outcome is the login's own.
 */
export async function answeringMfaRequired(ctx: Context, login: () => Promise<void>): Promise<void> {
  try {
    await login();
  } catch (error) {
    if (!(error instanceof MfaRequired)) throw error;
    noStore(ctx);
    ctx.set('WWW-Authenticate', 'Bearer realm="api"');
    sendProblem(ctx, {
      status: 401,
      code: error.code,
      title: titleFor(401),
      detail: error.message,
      mfaToken: error.mfaToken,
    });
  }
}
