// Item 5 of issue 10, the long run: the hostile-input properties (scripts/resilience/hostile-properties.ts) with
// many cases against the real server process, which must still be up and healthy afterwards.
// Usage: node scripts/resilience/hostile-input.ts [--runs 3000] [--seed N]
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { logIn, rssBytes } from '../bench/server.ts';
import { call } from './api.ts';
import { byStatus, Figures } from './figures.ts';
import { checkHostileInput } from './hostile-properties.ts';
import { prepareTarget } from './hostile-target.ts';
import { measure, mib, startTarget } from './target.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3000' }, seed: { type: 'string' } },
});
const RUNS = Number(values.runs);
const SEED = Number(values.seed ?? randomInt(2 ** 31));

const figures = new Figures(`hostile input, ${RUNS} cases per property (seed ${SEED})`);
const target = await startTarget({
  env: { WEBHOOK_RATE_LIMIT_PER_MINUTE: '10000000', REFRESH_RATE_LIMIT_PER_MINUTE: '1000000' },
});
await measure(figures, target, async () => {
  const aimed = await prepareTarget(target.base, await logIn(target.base));
  const rssBefore = await rssBytes(target.server.pid);
  const started = performance.now();
  const report = await checkHostileInput(aimed, { runs: RUNS, seed: SEED, collect: true });
  const seconds = (performance.now() - started) / 1000;
  figures.note(
    `${report.requests} requests over ${aimed.routes.length} routes and the ingest in ${seconds.toFixed(0)} s`,
  );
  figures.note(`answers: ${byStatus(report.statuses)}`);
  figures.note(`server RSS ${mib(rssBefore)} before, ${mib(await rssBytes(target.server.pid))} after`);
  figures.check(
    'never a 5xx, every error problem+json, everything accepted reads back',
    report.failures.length === 0,
    `${report.failedCases} failing cases of ${2 * RUNS}, ${report.failures.length} kinds` +
      report.failures.map((f) => `\n     - ${f}`).join(''),
  );
  const health = await call(target.base, undefined, 'GET', '/healthz').catch(() => undefined);
  figures.check('the process stays up and healthy', target.alive() && health?.status === 200);
});
