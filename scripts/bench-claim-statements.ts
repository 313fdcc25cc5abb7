// Statements per claim + complete cycle: the real server with every statement it sends counted by its first word
// (scripts/bench/count-statements.ts), 64 workers (one API key each) claiming and completing queued runs over
// HTTP, one at a time or `max_runs` at a time. Prints statements and transactions per completed run, and the
// server's CPU time per completed run (user + system).
// Usage: node scripts/bench-claim-statements.ts [--workers 64] [--claim-batch 1] [--runs 3000]
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { provision } from './bench/fixture.ts';
import { callApi, cpuSeconds, spawnServer } from './bench/server.ts';
import { scratchDatabase } from './resilience/scratch-database.ts';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '64' },
    'claim-batch': { type: 'string', default: '1' },
    runs: { type: 'string', default: '3000' },
  },
});
const [workers, batch, total] = [values.workers, values['claim-batch'], values.runs].map(Number) as [
  number,
  number,
  number,
];
const countsFile = join(tmpdir(), `statements-${process.pid}.json`);
const database = await scratchDatabase('bench');
const server = await spawnServer(
  { DATABASE_URL: database.url, STATEMENT_COUNTS_FILE: countsFile },
  { nodeFlags: ['--import', './scripts/bench/count-statements.ts'] },
);
const snapshot = async (): Promise<Record<string, number>> => {
  server.child.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 300));
  return JSON.parse(await readFile(countsFile, 'utf8'));
};
try {
  const fixture = await provision(server.base, 1, workers);
  const { workspaceId, missionId, keys } = fixture.claims;
  await fixture.queueRuns(total);
  const before = await snapshot();
  const [cpuBefore, started] = [await cpuSeconds(server.pid), performance.now()];
  let [completed, claims, empty] = [0, 0, 0];
  const worker = async (key: string) => {
    for (;;) {
      const body = { workspace_id: workspaceId, mission_ids: [missionId], lease_seconds: 300 };
      const answer = await callApi(server.base, key, 'POST', '/api/runs/claim', {
        ...body,
        ...(batch > 1 ? { max_runs: batch } : {}),
      });
      claims++;
      if (answer.status === 204) return void empty++;
      const got = answer.body as { id: string } | { runs: Array<{ id: string }> };
      for (const id of 'runs' in got ? got.runs.map((run) => run.id) : [got.id]) {
        const done = await callApi(server.base, key, 'POST', `/api/runs/${id}/complete`, {
          status: 'succeeded',
          output: {},
        });
        if (done.status !== 200) throw new Error(`complete answered ${done.status}`);
        completed++;
      }
    }
  };
  await Promise.all(keys.map(worker));
  const [cpu, seconds] = [(await cpuSeconds(server.pid)) - cpuBefore, (performance.now() - started) / 1000];
  const after = await snapshot();
  const delta = Object.fromEntries(
    Object.keys(after)
      .map((word) => [word, (after[word] ?? 0) - (before[word] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
  const sum = Object.values(delta).reduce((a, b) => a + b, 0);
  const per = (n: number) => (n / completed).toFixed(2);
  console.log(`${completed} runs completed, ${claims} claims (${empty} empty), claim batch ${batch}`);
  console.log(`statements per completed run: ${per(sum)} (transactions ${per(delta.begin ?? 0)})`);
  const cpuPerRun = Math.round((cpu * 1e6) / completed);
  console.log(`server CPU per completed run: ${cpuPerRun} µs; ${Math.round(completed / seconds)} runs/s`);
  console.log(
    Object.entries(delta)
      .map(([word, n]) => `  ${word}: ${per(n)}`)
      .join('\n'),
  );
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await database.dispose();
  await rm(countsFile, { force: true });
}
