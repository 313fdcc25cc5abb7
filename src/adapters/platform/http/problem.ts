import type { Context } from 'koa';
import { sendJson } from './respond.ts';

export interface Problem {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: readonly { path: string; message: string }[];
  /** The limit a `quota_exceeded` answer reached. */
  readonly limit?: { readonly name: string; readonly max: number } | undefined;
  /** The token a `mfa_required` answer hands on to the second step of the login. */
  readonly mfaToken?: string | undefined;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function titleFor(status: number): string {
  return TITLES[status] ?? 'Error';
}

/** Writes an RFC 9457 problem document: `{type, title, status, detail, code}` (+ `errors`). */
export function sendProblem(ctx: Context, problem: Problem): void {
  ctx.status = problem.status;
  ctx.type = 'application/problem+json';
  sendJson(ctx, {
    type: `urn:problem:${problem.code}`,
    title: problem.title,
    status: problem.status,
    detail: problem.detail ?? problem.title,
    code: problem.code,
    ...(problem.errors ? { errors: problem.errors.map(within) } : {}),
    ...(problem.limit ? { limit: problem.limit } : {}),
    ...(problem.mfaToken ? { mfa_token: problem.mfaToken } : {}),
  });
}

/** What an error's `path` and `message` may be at most (the published schema's limit). */
const MAX_ERROR_TEXT = 500;

/** A path into JSON nested hundreds of levels deep is cut (with `...`) to what the contract publishes. */
function within(error: { path: string; message: string }): { path: string; message: string } {
  const cut = (text: string) =>
    text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT - 3)}...` : text;
  return { path: cut(error.path), message: cut(error.message) };
}
