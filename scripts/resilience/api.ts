// The API as the resilience scripts drive it: JSON calls, the fixture every script needs (a workspace with a
// mission and a webhook trigger), and signed deliveries.
import { createHmac } from 'node:crypto';
import { logIn } from '../bench/server.ts';

// biome-ignore lint/suspicious/noExplicitAny: scripts read a few known fields of JSON answers
export type Json = any;

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Json;
}

/** One JSON call; `token` is a bearer token or undefined. Never throws on a status. */
export async function call(
  base: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  let parsed: Json = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Like `call`, but a status of 300 or more is an error. */
export async function ok(
  base: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<Json> {
  const answer = await call(base, token, method, path, body);
  if (answer.status >= 300) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

export interface Fixture {
  readonly token: string;
  readonly workspaceId: string;
  readonly missionId: string;
  readonly trigger: { readonly id: string; readonly webhook_path: string; readonly signing_secret: string };
  /** Path of the trigger's ingest, relative to the base. */
  readonly ingestPath: string;
}

/** Logs the bench user in and makes a shared workspace with a mission and a webhook trigger. */
export async function createFixture(base: string, name = 'resilience'): Promise<Fixture> {
  const token = await logIn(base);
  const workspace = await ok(base, token, 'POST', '/api/workspaces', { name });
  const mission = await ok(base, token, 'POST', '/api/missions', { workspace_id: workspace.id, name });
  const trigger = await ok(base, token, 'POST', '/api/triggers', { mission_id: mission.id, name });
  return {
    token,
    workspaceId: workspace.id,
    missionId: mission.id,
    trigger,
    ingestPath: `/api/triggers/webhook/${trigger.webhook_path}`,
  };
}

/** Headers of a delivery of `body` signed with `secret` (`sha256=<hex>`), with an idempotency key when given. */
export function signed(secret: string, body: string | Uint8Array, idempotencyKey?: string) {
  return {
    'content-type': 'application/json',
    'x-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  };
}
