// The scenarios: each one measures for a number of seconds and answers its figures. What counts as one
// operation is the scenario's own: an answer for reads, a committed delivery (202) for ingest, a completed
// run for claim_complete.
import { createHmac } from 'node:crypto';
import autocannon, { type Options, type Request } from 'autocannon';
import { agentOverhead } from './agent-scenario.ts';
import { blueprintSteps } from './blueprint-scenario.ts';
import { claimComplete } from './claim-scenario.ts';
import type { Fixture } from './fixture.ts';
import type { BenchOptions, Scenario } from './flags.ts';
import { FLOOR_SESSIONS, FLOOR_WEBHOOK_SECRET, floorToken } from './floors/tokens.ts';
import { RefreshPool } from './refresh-pool.ts';
import { BENCH_USER } from './server.ts';
import { type RunFigures, runFigures } from './stats.ts';

export type Measure = (seconds: number) => Promise<RunFigures>;

export interface Targets {
  /** The real server. */
  readonly base: string;
  /** The bare Koa process (absent in profile mode). */
  readonly ceiling: string | undefined;
  /** The bare Koa + `pg` floors process (absent in profile mode). */
  readonly floors: string | undefined;
  readonly fixture: Fixture;
  /** The scratch database the server uses (blueprint_steps and agent_overhead read their figures there). */
  readonly databaseUrl: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const LOGIN_BODY = JSON.stringify({ username_or_email: BENCH_USER.username, password: BENCH_USER.password });

export function scenarios(targets: Targets, options: BenchOptions): Record<Scenario, Measure> {
  const { base, fixture } = targets;
  const connections = options.connections;
  const run = async (opts: Options, operations?: () => number) => {
    const result = await autocannon({ connections, ...opts });
    return runFigures(result, operations?.());
  };
  const me = (overallRate?: number): Options => ({
    url: `${base}/api/auth/me`,
    ...(overallRate ? { overallRate } : {}),
    requests: [{ setupRequest: roundRobinBearer(fixture.accessTokens) }],
  });
  const login = (): Options => ({
    url: `${base}/api/auth/login`,
    method: 'POST',
    headers: JSON_HEADERS,
    body: LOGIN_BODY,
  });
  const refreshPool = new RefreshPool(base, 2 * connections);
  const helper = (url: string | undefined, name: string) => {
    if (!url) throw new Error(`the ${name} process is not running`);
    return url;
  };
  const floorTokens = Array.from({ length: FLOOR_SESSIONS }, (_, i) => floorToken(i));
  const floorMe = (path: string, duration: number) =>
    run({
      url: `${helper(targets.floors, 'floors')}${path}`,
      duration,
      requests: [{ setupRequest: roundRobinBearer(floorTokens) }],
    });
  return {
    ceiling: (duration) => run({ url: helper(targets.ceiling, 'ceiling'), duration }),
    healthz: (duration) => run({ url: `${base}/healthz`, duration }),
    me: (duration) => run({ ...me(), duration }),
    floor_me: (duration) => floorMe('/me', duration),
    floor_me_cached: (duration) => floorMe('/me-cached', duration),
    login: (duration) => run({ ...login(), duration }),
    refresh: (duration) =>
      refreshPool.measure((requests) => run({ url: `${base}/api/auth/refresh`, requests, duration })),
    async me_during_login(duration) {
      // /me paced at a rate it keeps up with, so its p99 shows what the saturated hasher costs it; spread over
      // every connection, so that a slow answer delays the pace as little as it can.
      const [figures] = await Promise.all([
        run({ ...me(options.duringLoginRate), duration }),
        run({ ...login(), duration }),
      ]);
      return figures;
    },
    ingest_1k: (duration) => ingest(1024, duration),
    floor_ingest_1k: (duration) => ingest(1024, duration, 'floor'),
    ingest_64k: (duration) => ingest(64 * 1024, duration),
    floor_ingest_64k: (duration) => ingest(64 * 1024, duration, 'floor'),
    claim_complete: claimComplete(fixture, base, options),
    blueprint_steps: blueprintSteps(fixture, base, targets.databaseUrl, 32),
    agent_overhead: agentOverhead(fixture, base, targets.databaseUrl, 50),
    // The same with one thread: messages one after another, the first delta's latency without queueing.
    agent_first_delta: agentOverhead(fixture, base, targets.databaseUrl, 1),
  };

  /** Signed deliveries of `size` bytes to the server's webhook trigger, or to the floor's one-INSERT route. */
  async function ingest(size: number, duration: number, target?: 'floor'): Promise<RunFigures> {
    const head = '{"pad":"';
    const body = `${head}${'x'.repeat(size - head.length - 2)}"}`;
    const secret = target ? FLOOR_WEBHOOK_SECRET : fixture.webhook.secret;
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    const result = await autocannon({
      url: target
        ? `${helper(targets.floors, 'floors')}/ingest`
        : `${base}/api/triggers/webhook/${fixture.webhook.path}`,
      method: 'POST',
      headers: { ...JSON_HEADERS, 'x-signature': `sha256=${signature}` },
      body,
      connections,
      duration,
    });
    return runFigures(result, result.statusCodeStats['202']?.count ?? 0);
  }
}

/** Each request carries the next token of the pool: many sessions, as many users would present. */
function roundRobinBearer(tokens: readonly string[]): NonNullable<Request['setupRequest']> {
  let next = 0;
  return (request) => ({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
  });
}
