// agent_overhead (issue 21 item 7), and agent_first_delta with one thread: agent runs against a model that answers at once (the fake provider of
// test/support on loopback, as scripts/bench-agents.ts uses it), `threads` threads chatting at once: each sends
// a message, waits for its answer, sends the next. The figures are read from the database afterwards, on the
// server's clock as bench-agents.ts reads them: the time from the stored message (its run's `created_at`) to the
// first stored `message.delta` event (p50, p99), and full answers (runs succeeded) per second over the measured
// window. Answers are awaited by one query every 10 ms, so that polling GET /api/runs/{id} does not load the
// server it measures. Each measured run makes its own fake provider, agent and threads, outside its window.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { fakeModelProvider } from '../../test/support/fake-model-provider.ts';
import type { Fixture } from './fixture.ts';
import type { Measure } from './scenarios.ts';
import { callApi, percentile } from './server.ts';
import type { RunFigures } from './stats.ts';

export function agentOverhead(fixture: Fixture, base: string, databaseUrl: string, threads: number): Measure {
  // An admin API key of the claims' workspace (a login session's access token would expire in a long bench).
  const token = fixture.blueprint.token;
  const workspaceId = fixture.claims.workspaceId;
  // biome-ignore lint/suspicious/noExplicitAny: a script reading a few known fields of JSON answers
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const answer = await callApi(base, token, method, path, body);
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return async (duration: number): Promise<RunFigures> => {
    const fake = await fakeModelProvider();
    const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const waiting = new Map<string, () => void>();
    let failures = 0;
    let refused = 0;
    let polling = true;
    // An answer not finished this long after the window counts as failed: the bench reports, never hangs.
    let giveUpAt = Number.POSITIVE_INFINITY;
    const poller = (async () => {
      while (polling || waiting.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (waiting.size === 0) continue;
        if (Date.now() > giveUpAt) {
          failures += waiting.size;
          for (const resolve of waiting.values()) resolve();
          waiting.clear();
          continue;
        }
        const { rows } = await db.query<{ id: string; status: string }>(
          `select id, status from runs where id = any($1::uuid[]) and status in ('succeeded', 'failed', 'cancelled')`,
          [[...waiting.keys()]],
        );
        for (const row of rows) {
          if (row.status !== 'succeeded') failures++;
          waiting.get(row.id)?.();
          waiting.delete(row.id);
        }
      }
    })();
    try {
      const made = randomUUID();
      const provider = await call('POST', `/api/workspaces/${workspaceId}/model-providers`, {
        name: `fake ${made}`,
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key: 'sk-bench',
      });
      const agent = await call('POST', '/api/agents', {
        workspace_id: workspaceId,
        name: `bench ${made}`,
        provider_id: provider.id,
        model: 'fake',
        instructions: '',
      });
      const ids = await Promise.all(
        Array.from({ length: threads }, async () => {
          const thread = await call('POST', '/api/threads', {
            workspace_id: workspaceId,
            agent_id: agent.id,
          });
          return thread.id as string;
        }),
      );
      const from = new Date();
      const until = from.getTime() + duration * 1000;
      giveUpAt = until + 60_000;
      await Promise.all(
        ids.map(async (threadId) => {
          while (Date.now() < until) {
            fake.script({ text: ['an', ' answer'] });
            const sent = await callApi(base, token, 'POST', `/api/threads/${threadId}/messages`, {
              content: 'q',
            });
            if (sent.status !== 202) {
              refused++;
              continue;
            }
            const runId = (sent.body as { run: { id: string } }).run.id;
            await new Promise<void>((resolve) => waiting.set(runId, resolve));
          }
        }),
      );
      const to = new Date();
      const seconds = (to.getTime() - from.getTime()) / 1000;
      const { rows } = await db.query<{ ms: number | null; succeeded: boolean }>(
        `select r.status = 'succeeded' as succeeded,
                (select extract(epoch from (min(e.at) - r.created_at)) * 1000 from run_events e
                  where e.run_id = r.id and e.type = 'message.delta') as ms
           from runs r
          where r.agent_id = $1 and r.finished_at >= $2 and r.finished_at < $3`,
        [agent.id, from, to],
      );
      const answers = rows.filter((row) => row.succeeded).length;
      const firstDelta = rows
        .map((row) => row.ms)
        .filter((ms): ms is number => ms !== null)
        .map(Number)
        .sort((a, b) => a - b);
      if (failures > 0) console.warn(`agent runs (${threads} threads): ${failures} answers did not succeed`);
      if (refused > 0) console.warn(`agent runs (${threads} threads): ${refused} messages were refused`);
      return {
        rps: answers / seconds,
        p50_ms: round(percentile(firstDelta, 50)),
        p99_ms: round(percentile(firstDelta, 99)),
        non_2xx: refused,
        errors: failures,
      };
    } finally {
      polling = false;
      await poller;
      await db.end();
      await fake.close();
    }
  };
}

function round(ms: number): number {
  return Number.isFinite(ms) ? Math.round(ms * 10) / 10 : Number.NaN;
}
