import type { Json } from './json.ts';

/** One request to a server process: JSON in and out, a bearer token when given. */
export type ProcessCall = (
  method: string,
  path: string,
  token?: string,
  body?: unknown,
) => Promise<{ status: number; body: Json }>;

/** Calls to the server at `base()` (read at each call: a restarted process may have a new address). */
export function processCaller(base: () => string): ProcessCall {
  return async (method, path, token, body) => {
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer: Json = await response.json().catch(() => undefined);
    return { status: response.status, body: answer };
  };
}

/** Logs the user in and reads their first workspace: the access token and that workspace's id. */
export async function loggedIn(
  call: ProcessCall,
  user: { username: string; password: string },
): Promise<{ token: string; workspaceId: string }> {
  const login = await call('POST', '/api/auth/login', undefined, {
    username_or_email: user.username,
    password: user.password,
  });
  const token = login.body.access_token as string;
  const workspaceId = (await call('GET', '/api/auth/me', token)).body.workspaces[0].id as string;
  return { token, workspaceId };
}
