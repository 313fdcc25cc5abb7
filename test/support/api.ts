import type { Principal } from '../../src/domain/kernel/principal.ts';
import type { Json } from './json.ts';
import type { SignedUp, TestApp } from './test-app.ts';
import { within } from './within.ts';

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Json;
}

/** Anyone with a bearer credential: a signed-up user, or an API key (`withKey`). */
export interface Caller {
  readonly auth: Record<string, string>;
}

/** A caller sending an API key. */
export const withKey = (key: string): Caller => ({ auth: { authorization: `Bearer ${key}` } });

/** One JSON API call as `user` (anonymous when undefined); a JSON body is parsed, any other kept as text. */
export async function api(
  app: TestApp,
  user: Caller | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(user?.auth ?? {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.request(path, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const isJson = /json/.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    headers: response.headers,
    body: text && isJson ? JSON.parse(text) : text || undefined,
  };
}

/** The principal the API sees for this user's access token (user id and login session id). */
export function principalOf(app: TestApp, user: SignedUp): Promise<Principal> {
  return app.container.cradle.authenticate(user.accessToken);
}

/** The run once it has finished (succeeded, failed or cancelled), polled over HTTP as `caller`. */
export async function finishedRun(app: TestApp, caller: Caller, runId: string, ms = 15_000) {
  let run: { status: string } & Record<string, Json> = { status: 'queued' };
  await within(
    ms,
    `run ${runId} finished`,
    async () => {
      run = (await api(app, caller, 'GET', `/api/runs/${runId}`)).body;
      return ['succeeded', 'failed', 'cancelled'].includes(run.status);
    },
    50,
  );
  return run;
}
