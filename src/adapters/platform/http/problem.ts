import type { Context } from 'koa';

export interface Problem {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: readonly { path: string; message: string }[];
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
  ctx.body = {
    type: `urn:problem:${problem.code}`,
    title: problem.title,
    status: problem.status,
    detail: problem.detail ?? problem.title,
    code: problem.code,
    ...(problem.errors ? { errors: problem.errors } : {}),
  };
}
