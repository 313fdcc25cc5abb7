// The benchmark of issue 11 (make bench): the real server (`node src/main.ts`, default settings and logging,
// its log in bench/logs/server.log) on a scratch database (on DATABASE_URL's server when set, else an embedded
// cluster), against a bare Koa route in a process of its own as the ceiling of this machine, both driven by
// autocannon over loopback. Each scenario is warmed up, then run --runs times; the median is reported, printed
// as a table and written to bench/results/latest.json with the argon2id bound, memory and ready time.
// --profile <scenario> runs only that scenario with the server under `node --cpu-prof` and prints where its
// CPU time went. Usage: see USAGE in scripts/bench/flags.ts, or --help.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provision } from './bench/fixture.ts';
import { GROUPS, parseBenchFlags, type Scenario, USAGE } from './bench/flags.ts';
import { formatVerdicts, verdicts } from './bench/goals.ts';
import {
  type Argon2Bound,
  type Ceiling,
  measureArgon2Bound,
  startCeiling,
  startFloors,
} from './bench/processes.ts';
import {
  formatProfile,
  profileClock,
  profileOf,
  summariseByPackage,
  summariseProfile,
} from './bench/profile.ts';
import { mebibytes, writeResults } from './bench/report.ts';
import { scenarios } from './bench/scenarios.ts';
import {
  cpuSeconds,
  peakRssBytes,
  rssBytes,
  type ServerProcess,
  spawnServer,
  waitFor,
} from './bench/server.ts';
import { formatTable, type RunFigures, ratio, type ScenarioFigures, summarise } from './bench/stats.ts';
import { scratchDatabase } from './resilience/scratch-database.ts';

if (process.argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const options = parseBenchFlags(process.argv.slice(2));
const PROFILES = 'bench/profiles';
const LOG = 'bench/logs/server.log';

await mkdir('bench/logs', { recursive: true });
await writeFile(LOG, '');
const database = await scratchDatabase('bench');
const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
// A fixed master key, so that the measured server opens what the first one sealed.
// MODEL_PROVIDERS_ALLOW_PRIVATE: agent_overhead's fake model provider listens on loopback.
const env = {
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  MASTER_KEY: randomBytes(32).toString('base64'),
  MODEL_PROVIDERS_ALLOW_PRIVATE: 'true',
  // To compare a setting of the agent runner (e.g. AGENT_RUNNER_CONCURRENCY=32, its value before it had its own).
  ...(process.env.AGENT_RUNNER_CONCURRENCY && {
    AGENT_RUNNER_CONCURRENCY: process.env.AGENT_RUNNER_CONCURRENCY,
  }),
};
let server: ServerProcess | undefined;
let ceiling: Ceiling | undefined;
/** The ceiling and floors processes, stopped at the end. */
const helpers: Array<Ceiling | undefined> = [];
try {
  // The first start migrates the database and creates the bench user; the measured one finds both there.
  const first = await spawnServer(env, { logFile: LOG });
  await stop(first);
  const spawned = performance.now();
  const nodeFlags = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILES}`] : [];
  server = await spawnServer(env, { logFile: LOG, nodeFlags });
  const measured = server;
  let exitCode: number | string | undefined;
  void measured.exited.then((code) => (exitCode = code));
  await waitFor(measured.base, '/readyz', () => exitCode);
  const readyMs = Math.round(performance.now() - spawned);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleRss = await rssBytes(measured.pid);
  console.log(`server ready in ${readyMs} ms, idle RSS ${mebibytes(idleRss)} MiB (log: ${LOG})`);

  let bound: Argon2Bound | null = null;
  if (!options.profile) {
    ceiling = await startCeiling();
    helpers.push(ceiling);
    bound = await measureArgon2Bound(options.duration);
    console.log(
      `argon2id bound: ${bound.verifications_per_second} verifications/s at concurrency ${bound.concurrency}`,
    );
  }
  const fixture = await provision(measured.base, options.connections, options.workers);
  const floors = options.profile ? undefined : await startFloors(database.url);
  helpers.push(floors);
  const measure = scenarios(
    { base: measured.base, ceiling: ceiling?.base, floors: floors?.base, fixture, databaseUrl: database.url },
    options,
  );
  const rows: Array<[string, ScenarioFigures]> = [];
  /** When the measured runs began and ended (a profile is read over them only: not boot, not warm-up). */
  const measuring = { from: 0, to: 0 };
  for (const group of GROUPS.map((g) => g.filter((name) => options.scenarios.includes(name)))) {
    const named = group.find((name) => name !== 'ceiling');
    if (!named) continue;
    // The ceiling's row of this group is named after the group (`ceiling:me`); the others' ratio is to it.
    const label = (name: Scenario) => (name === 'ceiling' ? `ceiling:${named}` : name);
    for (const name of group) await measure[name](options.warmup);
    measuring.from = profileClock();
    const runs = new Map(group.map((name) => [name, { runs: [] as RunFigures[], cpu: 0, own: 0, wall: 0 }]));
    for (let i = 0; i < options.runs; i++) {
      for (const name of group) {
        const taken = runs.get(name) as { runs: RunFigures[]; cpu: number; own: number; wall: number };
        // The process answering: the server, or the ceiling's or floors' own.
        const answering =
          name === 'ceiling' ? ceiling?.pid : name.startsWith('floor_') ? floors?.pid : measured.pid;
        const pids = [measured.pid, answering ?? measured.pid];
        const [before, started] = [await Promise.all(pids.map(cpuSeconds)), performance.now()];
        taken.runs.push(await measure[name](options.duration));
        const after = await Promise.all(pids.map(cpuSeconds));
        taken.cpu += (after[0] as number) - (before[0] as number);
        taken.own += (after[1] as number) - (before[1] as number);
        taken.wall += (performance.now() - started) / 1000;
      }
    }
    measuring.to = profileClock();
    const ceilingRps = group.includes('ceiling') ? summarise(runs.get('ceiling')?.runs ?? []).rps : undefined;
    for (const [name, taken] of runs) {
      // During the ceiling's and the floors' runs (processes of their own) the server's CPU is its idle cost.
      const operations = taken.runs.reduce((sum, run) => sum + run.rps * options.duration, 0);
      const figures = {
        ...summarise(taken.runs),
        server_cpu: Math.round((taken.cpu / taken.wall) * 100) / 100,
        cpu_us: operations > 0 ? Math.round((taken.own * 1e6) / operations) : null,
      };
      const paced = name === 'me_during_login';
      const row = { ...figures, ratio: paced ? null : ratio(figures.rps, ceilingRps) };
      rows.push([label(name), row]);
      console.log(
        `${label(name)}: ${row.rps}/s, p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms, server CPU ${row.server_cpu}, ${row.cpu_us} µs/op`,
      );
    }
  }
  const peakRss = await peakRssBytes(measured.pid);
  console.log(`\n${formatTable(rows)}\n`);
  const loginRps = rows.find(([name]) => name === 'login')?.[1].rps;
  const loginToBound =
    bound && loginRps !== undefined ? ratio(loginRps, bound.verifications_per_second) : null;
  if (loginToBound !== null)
    console.log(`login at ${(loginToBound * 100).toFixed(1)}% of the argon2id bound`);
  console.log(
    `memory: idle RSS ${mebibytes(idleRss)} MiB, peak ${mebibytes(peakRss)} MiB; ready in ${readyMs} ms`,
  );
  const goals = verdicts({
    rows: new Map(rows),
    argon2Bound: bound?.verifications_per_second ?? null,
    idleRssMiB: mebibytes(idleRss),
    claimBatch: options.claimBatch,
  });
  console.log(
    `\ngoals of issue 27 (each against its floor or ceiling of this run):\n${formatVerdicts(goals)}`,
  );
  if (options.profile) {
    await stop(measured);
    const { file, profile } = await profileOf(PROFILES, measured.pid);
    console.log(
      `\ntop self time of the server over the measured runs (${file}):\n${formatProfile(summariseProfile(profile, 15, measuring))}`,
    );
    console.log(`\nby package:\n${formatProfile(summariseByPackage(profile, 10, measuring))}`);
  } else {
    await writeResults(options, process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded', {
      scenarios: Object.fromEntries(rows),
      argon2id_bound: bound,
      login_to_argon2id_bound: loginToBound,
      goals,
      memory: { idle_rss_mb: mebibytes(idleRss), peak_rss_mb: mebibytes(peakRss) },
      ready_ms: readyMs,
    });
    console.log(`written to ${options.output}`);
  }
} finally {
  for (const helper of helpers) await helper?.stop();
  if (server) await stop(server);
  await database.dispose();
  await rm(dataDir, { recursive: true, force: true });
}

async function stop(target: ServerProcess): Promise<void> {
  if (target.child.exitCode === null && target.child.signalCode === null) target.child.kill('SIGTERM');
  await target.exited;
}
