import type { Context } from 'koa';
import type { CurrentBrowserSession } from '../../../application/identity/index.ts';
import type { WorkspaceMembershipView } from '../../../application/workspaces/index.ts';
import { DomainError, InvalidFields, InvalidInput } from '../../../domain/kernel/errors.ts';
import { type Principal, userPrincipal } from '../../../domain/kernel/principal.ts';
import { readCookie } from '../../identity/index.ts';
import type { FormFields } from '../form-body.ts';
import type { SafeHtml } from '../html.ts';
import type { Viewer } from '../pages/layout.ts';
import {
  acceptSessionForm,
  currentSession,
  seeOther,
  sendPage,
  viewerOf,
  type WebDeps,
} from '../web-context.ts';

/** What a console handler knows of its request: who asks, as a person of the API would (same use cases). */
export interface ConsoleRequest {
  readonly current: CurrentBrowserSession;
  readonly principal: Principal;
  readonly viewer: Viewer;
  /** A form post's fields (a page re-rendered after a refused form shows them again). */
  readonly form?: FormFields;
}

/** The request of a signed-in browser session, as the console's handlers see it. */
export const consoleRequestOf = (current: CurrentBrowserSession): ConsoleRequest => ({
  current,
  // The browser session stands where an API login session would: the use cases check and audit it alike.
  principal: userPrincipal(current.user.id, current.session.id),
  viewer: viewerOf(current),
});

/** The signed-in person of a page, or undefined after sending the browser to the sign-in form. */
export async function consoleGet(ctx: Context, deps: WebDeps): Promise<ConsoleRequest | undefined> {
  const current = await currentSession(ctx, deps);
  if (!current) return void seeOther(ctx, '/login');
  return consoleRequestOf(current);
}

/**
 * The page's person again, from the cookie the request came with, read afresh (not the request's resolved
 * session): undefined once that session has ended (signed out, revoked, expired, the user disabled).
 */
export async function sessionStillLive(ctx: Context, deps: WebDeps): Promise<ConsoleRequest | undefined> {
  const token = readCookie(ctx, 'session', deps.cookieSettings);
  const current = token ? await deps.resolveBrowserSession(token) : undefined;
  return current && consoleRequestOf(current);
}

/** A console form post: same origin, this session's CSRF token, then its fields. */
export async function consolePost(
  ctx: Context,
  deps: WebDeps,
): Promise<(ConsoleRequest & { form: FormFields }) | undefined> {
  const accepted = await acceptSessionForm(ctx, deps);
  if (!accepted) return void seeOther(ctx, '/login?notice=session-ended');
  return { ...consoleRequestOf(accepted.current), form: accepted.form };
}

/** The workspace of a page (a NotFound page for anyone not in it). */
export function workspaceOf(
  deps: WebDeps,
  req: ConsoleRequest,
  id: string,
): Promise<WorkspaceMembershipView> {
  return deps.getWorkspace(req.principal, id);
}

/**
 * A refusal a form shows beside itself (bad input 400, a state conflict or quota 409); any other error (not
 * found, forbidden, a failure) is thrown on to the error page.
 */
export function formError(error: unknown): { status: number; message: string } {
  if (error instanceof DomainError && (error.kind === 'invalid' || error.kind === 'conflict')) {
    // A use case's field problems (`/target/mission_id must name …`) say more than the schema's summary.
    const said =
      error instanceof InvalidFields && error.errors.length > 0
        ? error.errors.map((problem) => `${problem.path} ${problem.message}`).join('; ')
        : error.message;
    const text = said.charAt(0).toUpperCase() + said.slice(1);
    return { status: error.kind === 'invalid' ? 400 : 409, message: text.endsWith('.') ? text : `${text}.` };
  }
  throw error;
}

/** Sends a console page, with the status of the form error it shows (200 without one). */
export function sendConsole(ctx: Context, page: SafeHtml, status = 200): void {
  sendPage(ctx, status, page);
}

/** A UUID in a path or form (else the page is not found / the form is bad input). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A required one-line text field of a form, trimmed: missing, blank or too long is bad input (400). */
export function requiredText(form: FormFields, name: string, label: string, max = 200): string {
  const value = (form[name] ?? '').trim();
  if (value === '') throw new InvalidInput(`fill in ${label}`);
  if (value.length > max) throw new InvalidInput(`${label} must be at most ${max} characters`);
  return value;
}

/** A field that must be one of `choices`. */
export function choice<T extends string>(
  form: FormFields,
  name: string,
  label: string,
  choices: readonly T[],
): T {
  const value = form[name];
  if (!choices.includes(value as T)) throw new InvalidInput(`choose ${label}: ${choices.join(', ')}`);
  return value as T;
}
