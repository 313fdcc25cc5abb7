// blueprint_steps (issue 20 item 8): runs of a ten-node blueprint (five `code` nodes, each followed by a
// `condition` whose outgoing edge carries a `when`) carried out by the server, `inFlight` runs at a time: as one
// ends another is created (POST /api/missions/{id}/runs). The figures are read from the steps table afterwards:
// steps finished per second over the measured window, and the gap from a step's end to its successor's start
// (p50, p99: the engine's own latency, not the node's work). The bench reads the database directly (one query
// every 10 ms for the runs that ended), so that polling GET /api/runs/{id} does not load the server it measures.
import pg from 'pg';
import type { Fixture } from './fixture.ts';
import type { Measure } from './scenarios.ts';
import { callApi, percentile } from './server.ts';
import type { RunFigures } from './stats.ts';

const CODE = 'function main(input) { return { value: (input.value ?? 0) + 1, at: Date.now() }; }';

/** Ten nodes in a chain: code, condition, code, condition, ...; each condition's edge out has a `when`. */
export function benchGraph() {
  const nodes = Array.from({ length: 10 }, (_, i) =>
    i % 2 === 0
      ? { id: `n${i}`, kind: 'code', config: { source: CODE } }
      : { id: `n${i}`, kind: 'condition' },
  );
  const edges = Array.from({ length: 9 }, (_, i) => ({
    from: `n${i}`,
    to: `n${i + 1}`,
    ...(i % 2 === 1 ? { when: `steps.n${i}.output.value >= 0` } : {}),
  }));
  return { nodes, edges };
}

export function blueprintSteps(
  fixture: Fixture,
  base: string,
  databaseUrl: string,
  inFlight: number,
): Measure {
  const { missionId, token } = fixture.blueprint;
  return async (duration: number): Promise<RunFigures> => {
    const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const running = new Set<string>();
    let failures = 0;
    let refused = 0;
    const create = async () => {
      const answer = await callApi(base, token, 'POST', `/api/missions/${missionId}/runs`, { input: {} });
      if (answer.status === 202) running.add((answer.body as { id: string }).id);
      else refused++;
    };
    try {
      const from = new Date();
      const until = from.getTime() + duration * 1000;
      await Promise.all(Array.from({ length: inFlight }, create));
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const { rows } = await db.query<{ id: string; status: string }>(
          `select id, status from runs where id = any($1::uuid[]) and status in ('succeeded', 'failed', 'cancelled')`,
          [[...running]],
        );
        for (const row of rows) {
          running.delete(row.id);
          if (row.status !== 'succeeded') failures++;
        }
        if (Date.now() < until) await Promise.all(rows.map(create));
      }
      const to = new Date();
      const seconds = (to.getTime() - from.getTime()) / 1000;
      const finished = await db.query<{ count: string }>(
        `select count(*) from steps s join runs r on r.id = s.run_id
          where r.mission_id = $1 and s.finished_at >= $2 and s.finished_at < $3`,
        [missionId, from, to],
      );
      const gaps = await db.query<{ ms: number }>(
        `select extract(epoch from (s.started_at - p.finished_at)) * 1000 as ms
           from steps s join steps p on p.run_id = s.run_id and p.position = s.position - 1
           join runs r on r.id = s.run_id
          where r.mission_id = $1 and s.started_at >= $2 and s.started_at < $3 and p.finished_at is not null`,
        [missionId, from, to],
      );
      const sorted = gaps.rows.map((row) => Number(row.ms)).sort((a, b) => a - b);
      if (failures > 0) console.warn(`blueprint_steps: ${failures} runs did not succeed`);
      if (refused > 0) console.warn(`blueprint_steps: ${refused} run creations were refused`);
      // The runs still in flight are left to finish during the next run's warm-up (their steps before `to` counted).
      return {
        rps: Number(finished.rows[0]?.count ?? 0) / seconds,
        p50_ms: round(percentile(sorted, 50)),
        p99_ms: round(percentile(sorted, 99)),
        non_2xx: refused,
        errors: failures,
      };
    } finally {
      await waitOut(db, running);
      await db.end();
    }
  };
}

/** Waits (up to 30 s) for the runs still in flight, so that the next measurement starts from an idle engine. */
async function waitOut(db: pg.Pool, running: Set<string>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (running.size > 0 && Date.now() < deadline) {
    const { rows } = await db.query<{ id: string }>(
      `select id from runs where id = any($1::uuid[]) and status in ('succeeded', 'failed', 'cancelled')`,
      [[...running]],
    );
    for (const row of rows) running.delete(row.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function round(ms: number): number {
  return Number.isFinite(ms) ? Math.round(ms * 10) / 10 : Number.NaN;
}
