// Measures `POST /api/runs/bulk` on the real server process (`node src/main.ts`) and a scratch database: the
// time of one request cancelling 500 queued runs named by id, one replaying them by filter (500 new runs), and
// one cancelling those 500 by filter; then the runs per second of each. Each run goes through its single
// action's use case (its own transaction), so these figures are the price of that choice.
// Usage: node scripts/bench-bulk-runs.ts [--runs 500]. Uses DATABASE_URL when set.
import { parseArgs } from 'node:util';
import { callApi, startBenchServer } from './bench/server.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '500' } } });
const count = Number(values.runs);

const server = await startBenchServer({ LOG_LEVEL: 'warn', QUOTA_QUEUED_RUNS_PER_MISSION: '100000' });
try {
  const token = await server.login();
  // biome-ignore lint/suspicious/noExplicitAny: a script reading a few known fields of JSON answers
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const answer = await callApi(server.base, token, method, path, body);
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const [workspace] = (await call('GET', '/api/workspaces')).items;
  const mission = await call('POST', '/api/missions', { workspace_id: workspace.id, name: 'bulk bench' });
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    ids.push((await call('POST', `/api/missions/${mission.id}/runs`, { input: { index } })).id);
  }
  const timed = async (label: string, body: object) => {
    const started = performance.now();
    const answer = await call('POST', '/api/runs/bulk', body);
    const ms = performance.now() - started;
    if (answer.failed !== 0 || answer.succeeded !== count)
      throw new Error(`${label}: ${JSON.stringify(answer).slice(0, 300)}`);
    console.log(
      `${label}: ${count} runs in ${ms.toFixed(0)} ms (${((count / ms) * 1000).toFixed(0)} runs/s)`,
    );
  };
  const filter = { workspace_id: workspace.id, mission_id: mission.id };
  await timed('cancel by ids', { action: 'cancel', ids });
  await timed('replay by filter', { action: 'replay', filter: { ...filter, status: 'cancelled' } });
  await timed('cancel by filter', { action: 'cancel', filter: { ...filter, status: 'queued' } });
} finally {
  await server.stop();
}
