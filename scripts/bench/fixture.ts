// What the scenarios need, provisioned through the public HTTP API as a user would: login sessions, a webhook
// trigger, and a workspace of its own for the worker protocol with an API key per worker.
import autocannon from 'autocannon';
import { benchGraph } from './blueprint-scenario.ts';
import { callApi, logInTokens } from './server.ts';

export interface Fixture {
  /** Access tokens of distinct login sessions, for the authenticated reads. */
  readonly accessTokens: readonly string[];
  /** The trigger's path and signing secret. */
  readonly webhook: { readonly path: string; readonly secret: string };
  /** The worker protocol's workspace, its mission and one API key per worker. */
  readonly claims: {
    readonly workspaceId: string;
    readonly missionId: string;
    readonly keys: readonly string[];
  };
  /** A mission running the ten-node blueprint of blueprint_steps, and an admin API key of its workspace. */
  readonly blueprint: { readonly missionId: string; readonly token: string };
  /** Queues `count` runs on the claims' mission (each answered 202), as fast as the server takes them. */
  queueRuns(count: number): Promise<void>;
}

export async function provision(base: string, sessions: number, workers: number): Promise<Fixture> {
  const owner = (await logInTokens(base)).access_token;
  const call = async (method: string, path: string, body?: unknown, expected = 201) => {
    const answer = await callApi(base, owner, method, path, body);
    if (answer.status !== expected)
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    // biome-ignore lint/suspicious/noExplicitAny: a script reading a few known fields of JSON answers
    return answer.body as any;
  };
  const me = await call('GET', '/api/auth/me', undefined, 200);
  const mission = await call('POST', '/api/missions', {
    workspace_id: me.workspaces[0].id,
    name: 'webhooks',
  });
  const trigger = await call('POST', '/api/triggers', { mission_id: mission.id, name: 'bench' });
  const workspace = await call('POST', '/api/workspaces', { name: 'workers' });
  const queue = await call('POST', '/api/missions', { workspace_id: workspace.id, name: 'queue' });
  const keys: string[] = [];
  for (let i = 0; i < workers; i++) {
    keys.push(
      (
        await call('POST', `/api/workspaces/${workspace.id}/api-keys`, {
          name: `worker ${i}`,
          role: 'admin',
        })
      ).key,
    );
  }
  const blueprint = await call('POST', '/api/blueprints', {
    workspace_id: workspace.id,
    name: 'bench',
    graph: benchGraph(),
  });
  const flow = await call('POST', '/api/missions', {
    workspace_id: workspace.id,
    name: 'blueprint',
    blueprint: { id: blueprint.id },
  });
  return {
    blueprint: { missionId: flow.id, token: keys[0] as string },
    accessTokens: (await logIns(base, sessions)).map((t) => t.access_token),
    webhook: { path: trigger.webhook_path, secret: trigger.signing_secret },
    claims: { workspaceId: workspace.id, missionId: queue.id, keys },
    async queueRuns(count) {
      if (count <= 0) return;
      const result = await autocannon({
        url: `${base}/api/missions/${queue.id}/runs`,
        method: 'POST',
        headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
        body: '{"input":{}}',
        connections: 16,
        amount: count,
      });
      const accepted = result.statusCodeStats['202']?.count ?? 0;
      if (accepted !== count) throw new Error(`queued ${accepted} of ${count} runs`);
    },
  };
}

/**
 * `count` new login sessions, a few logins at a time (each costs an argon2id verification). A login refused
 * with 503 (the hashing queue still full of a login scenario's requests) is tried again a second later.
 */
export async function logIns(base: string, count: number) {
  const tokens: Array<{ access_token: string; refresh_token: string }> = [];
  const logIn = async (attempts = 30): Promise<{ access_token: string; refresh_token: string }> => {
    try {
      return await logInTokens(base);
    } catch (error) {
      if (attempts <= 1 || !/answered 503/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return logIn(attempts - 1);
    }
  };
  while (tokens.length < count) {
    const batch = Math.min(8, count - tokens.length);
    tokens.push(...(await Promise.all(Array.from({ length: batch }, () => logIn()))));
  }
  return tokens;
}
