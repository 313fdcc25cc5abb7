import { createHmac } from 'node:crypto';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { expect } from 'chai';
import { api } from './api.ts';
import type { Json } from './json.ts';
import { type SignedUp, signUp, type TestApp } from './test-app.ts';

/** A user with a mission in their personal workspace. */
export interface WebhookOwner {
  readonly user: SignedUp;
  readonly workspaceId: string;
  readonly missionId: string;
}

export async function ownerWithMission(app: TestApp): Promise<WebhookOwner> {
  const user = await signUp(app);
  const me = await api(app, user, 'GET', '/api/auth/me');
  const workspaceId = me.body.workspaces[0].id as string;
  const mission = await api(app, user, 'POST', '/api/missions', {
    workspace_id: workspaceId,
    name: 'On webhook',
  });
  expect(mission.status, JSON.stringify(mission.body)).to.equal(201);
  return { user, workspaceId, missionId: mission.body.id };
}

/** Creates a trigger over HTTP; the answer carries `signing_secret`. */
export async function createTrigger(app: TestApp, owner: WebhookOwner, extra: object = {}): Promise<Json> {
  const created = await api(app, owner.user, 'POST', '/api/triggers', {
    mission_id: owner.missionId,
    name: 'Incoming',
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return created.body;
}

export const hmacHex = (body: Uint8Array | string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** POSTs `body` to the trigger's path, signed `sha256=<hex>` with `secret` unless headers say otherwise. */
export function deliver(
  app: TestApp,
  path: string,
  body: Uint8Array | string,
  secret: string | undefined,
  headers: Record<string, string> = {},
): Promise<Response> {
  const signature = secret === undefined ? {} : { 'x-signature': `sha256=${hmacHex(body, secret)}` };
  return app.request(`/api/triggers/webhook/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signature, ...headers },
    body,
  });
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/**
 * A request on node:http, for what fetch will not send (a huge declared Content-Length, a chunked body
 * streamed piece by piece). `write` sends the body and should stop once `answered()` is true: the server
 * answers a refused body early and closes the connection.
 */
export function rawRequest(
  app: TestApp,
  path: string,
  headers: Record<string, string | number>,
  write: (req: ClientRequest, answered: () => boolean) => void,
): Promise<RawAnswer> {
  const url = new URL(path, app.baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(url, { method: 'POST', headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        });
        req.destroy();
      });
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    write(req, () => answered);
  });
}
