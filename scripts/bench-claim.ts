// Measures the worker protocol against the real server (a child process on loopback): how fast concurrent
// workers claim queued runs (POST /api/runs/claim, FOR UPDATE SKIP LOCKED), and how fast they get through
// full claim + complete cycles. Every run must be handed out exactly once, or the script fails.
// The last figure, claim_complete with caps in force, drains a mission capped per key value
// (concurrency_limit 2 per customer, 50 customers) while a capped backlog waits: claims skip waiting runs.
// With --max-runs N each claim asks for up to N runs (`max_runs`) and the worker completes them concurrently.
// Usage: node scripts/bench-claim.ts [--runs 2000] [--workers 8] [--max-runs N]. Uses DATABASE_URL when set (a fresh
// database is created and dropped), else the embedded PostgreSQL in a temporary DATA_DIR.
import { parseArgs } from 'node:util';
import { callApi, percentile, startBenchServer } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    workers: { type: 'string', default: '8' },
    'max-runs': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const WORKERS = Number(values.workers);
const MAX_RUNS = values['max-runs'] === undefined ? undefined : Number(values['max-runs']);

const perClaim = MAX_RUNS === undefined ? '' : `, up to ${MAX_RUNS} runs per claim`;

const bench = await startBenchServer(
  process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {},
);
const { base } = bench;

const call = (token: string, method: string, path: string, body?: unknown) =>
  callApi(base, token, method, path, body);

try {
  // Each login is its own session, and so its own worker; one at a time, as 64 at once overflow the hasher's
  // queue (503) on a busy machine.
  const tokens: string[] = [];
  for (let i = 0; i <= WORKERS; i++) tokens.push(await bench.login());
  const owner = tokens[0] as string;
  const workers = tokens.slice(1);
  const workspaceId = (await call(owner, 'POST', '/api/workspaces', { name: 'bench' })).body.id as string;
  const newMission = async (policy: object = {}) =>
    (await call(owner, 'POST', '/api/missions', { workspace_id: workspaceId, name: 'bench', policy })).body
      .id as string;
  let missionId = await newMission();

  async function queue(count: number, input: (n: number) => object = (n) => ({ n })): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < count) {
          next++;
          const response = await call(owner, 'POST', `/api/missions/${missionId}/runs`, {
            input: input(next),
          });
          if (response.status !== 202) throw new Error(`start run answered ${response.status}`);
        }
      }),
    );
  }

  /**
   * Every worker claims (and, when asked, completes) until the queue is empty, or, when `total` is given,
   * until that many runs were handed out (under caps a 204 only means "nothing claimable right now").
   */
  async function drain(
    complete: boolean,
    total?: number,
  ): Promise<{ perSecond: number; claimed: number; p50: number; p99: number }> {
    const seen = new Set<string>();
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      workers.map(async (token) => {
        for (;;) {
          const t = performance.now();
          const claim = await workerCall(token, '/api/runs/claim', {
            workspace_id: workspaceId,
            lease_seconds: 300,
            ...(MAX_RUNS === undefined ? {} : { max_runs: MAX_RUNS }),
          });
          latencies.push(performance.now() - t);
          if (claim.status === 204) {
            if (total === undefined || seen.size >= total) return;
            await new Promise((resolve) => setTimeout(resolve, 2));
            continue;
          }
          if (claim.status !== 200) throw new Error(`claim answered ${claim.status}`);
          const ids = MAX_RUNS === undefined ? [claim.body.id as string] : runIds(claim.body);
          for (const id of ids) {
            if (seen.has(id)) throw new Error(`run ${id} was handed out twice`);
            seen.add(id);
          }
          if (complete) {
            await Promise.all(
              ids.map(async (id) => {
                const done = await completeRun(token, id);
                if (done.status !== 200) throw new Error(`complete answered ${done.status}`);
              }),
            );
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      perSecond: seen.size / seconds,
      claimed: seen.size,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  }

  let shed = 0;
  /** A worker's call: a server that sheds load (no pool connection within its deadline) answers 503; sent
   * again shortly, as a worker would, and counted. */
  async function workerCall(token: string, path: string, body: object) {
    for (;;) {
      const answer = await call(token, 'POST', path, body);
      if (answer.status !== 503) return answer;
      shed++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const completeRun = (token: string, id: string) =>
    workerCall(token, `/api/runs/${id}/complete`, { status: 'succeeded', output: {} });
  const runIds = (body: Record<string, unknown>) => (body.runs as { id: string }[]).map((run) => run.id);

  let started = performance.now();
  await queue(RUNS);
  console.log(
    `queued ${RUNS} runs over HTTP at ${(RUNS / ((performance.now() - started) / 1000)).toFixed(0)} runs/s`,
  );
  const claims = await drain(false);
  if (claims.claimed !== RUNS) throw new Error(`claimed ${claims.claimed} of ${RUNS}`);
  console.log(
    `claim: ${claims.perSecond.toFixed(0)} runs claimed/s with ${WORKERS} workers${perClaim} ` +
      `(latency p50 ${claims.p50.toFixed(1)} ms, p99 ${claims.p99.toFixed(1)} ms); each run handed out once`,
  );

  started = performance.now();
  await queue(RUNS);
  const cycles = await drain(true);
  if (cycles.claimed !== RUNS) throw new Error(`completed ${cycles.claimed} of ${RUNS}`);
  console.log(
    `claim + complete: ${cycles.perSecond.toFixed(0)} runs/s with ${WORKERS} workers${perClaim}` +
      (shed > 0 ? ` (${shed} calls so far answered 503 and were sent again)` : ''),
  );

  missionId = await newMission({ concurrency_limit: 2, concurrency_key: '/customer' });
  await queue(RUNS, (n) => ({ customer: `c${n % 50}`, n }));
  const capped = await drain(true, RUNS);
  if (capped.claimed !== RUNS) throw new Error(`completed ${capped.claimed} of ${RUNS} capped runs`);
  console.log(
    `claim_complete (caps in force: 2 per customer, 50 customers): ${capped.perSecond.toFixed(0)} runs/s ` +
      `with ${WORKERS} workers${perClaim} (claim p50 ${capped.p50.toFixed(1)} ms, p99 ${capped.p99.toFixed(1)} ms)`,
  );
} finally {
  await bench.stop();
}
