// Item 5 of issue 10, hostile input: the target of the properties, a live server with things to aim at.
import { createHmac } from 'node:crypto';
import { type Json, ok } from './api.ts';
import type { RawRequest } from './raw-http.ts';

export type Schema = Json;

/** A public route as the OpenAPI document declares it. */
export interface Route {
  readonly method: string;
  readonly path: string;
  readonly body: Schema | undefined;
  readonly query: Readonly<Record<string, Schema>>;
}

/** A live server with things to aim at: every request the properties send goes to `port`. */
export interface HostileTarget {
  readonly port: number;
  readonly token: string;
  readonly workspaceId: string;
  /** Ids of things that exist (workspace, mission, run, trigger, delivery, user), used as path parameters. */
  readonly ids: readonly string[];
  /** A trigger used only by the ingest property, in the same workspace, so that claims hand out its runs. */
  readonly ingest: { readonly path: string; readonly secret: string };
  readonly routes: readonly Route[];
}

/** Reads the public routes from the served OpenAPI document and makes the things to aim at, as `token`'s user. */
export async function prepareTarget(base: string, token: string): Promise<HostileTarget> {
  const document = await ok(base, undefined, 'GET', '/api/v2/openapi.json');
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(operations)) {
      const query: Record<string, Schema> = {};
      for (const p of op.parameters ?? []) if (p.in === 'query') query[p.name] = p.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
        query,
      });
    }
  }
  const me = await ok(base, token, 'GET', '/api/auth/me');
  const workspace = await ok(base, token, 'POST', '/api/workspaces', { name: 'hostile input' });
  const mission = await ok(base, token, 'POST', '/api/missions', {
    workspace_id: workspace.id,
    name: 'aimed at',
  });
  const trigger = await ok(base, token, 'POST', '/api/triggers', {
    mission_id: mission.id,
    name: 'aimed at',
  });
  const ingest = await ok(base, token, 'POST', '/api/triggers', { mission_id: mission.id, name: 'ingest' });
  const run = await ok(base, token, 'POST', `/api/missions/${mission.id}/runs`, { input: { a: 1 } });
  const body = '{"hello":"world"}';
  const delivery = await fetch(`${base}/api/triggers/webhook/${trigger.webhook_path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature(trigger.signing_secret, body) },
    body,
  }).then((r) => r.json() as Promise<Json>);
  return {
    port: Number(new URL(base).port),
    token,
    workspaceId: workspace.id,
    ids: [me.id, workspace.id, mission.id, trigger.id, run.id, delivery.delivery_id, delivery.run_id],
    ingest: { path: ingest.webhook_path, secret: ingest.signing_secret },
    routes,
  };
}

/** A request and the name of what it aims at (the route template, or the ingest), for grouping failures. */
export interface Case {
  readonly aim: string;
  readonly request: RawRequest;
}

/** `sha256=<hex>` of `body` under `secret`. */
export function signature(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
