// Item 3 of issue 10, database outage: under mixed load (login, /api/auth/me, webhook ingest, claims, and probes
// of /healthz and /readyz) the database becomes unreachable for 10 s through a TCP proxy between the server and
// PostgreSQL: once refusing connections, once dropping packets silently. Every request in flight during an
// outage must answer within 2 s, with 503 and Retry-After where it needs the database (or a normal answer);
// /healthz stays 200 and /readyz answers 503; no 500, no hang; within 5 s of the database coming back the same
// process serves everything normally. Usage: node scripts/resilience/database-outage.ts [--outage-seconds 10]
import { parseArgs } from 'node:util';
import { TcpProxy } from '../../test/support/tcp-proxy.ts';
import { type Answer, call, createFixture, signed } from './api.ts';
import { byStatus, Figures } from './figures.ts';
import { measure, sleep, startTarget } from './target.ts';
import { type Sample, statuses, succeeded, TimedRequests } from './timed-requests.ts';

const { values } = parseArgs({
  options: {
    'outage-seconds': { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '6' },
  },
});
const OUTAGE_MS = Number(values['outage-seconds']) * 1000;
const CONCURRENCY = Number(values.concurrency);
const ANSWER_WITHIN_MS = 2000;
const RECOVER_WITHIN_MS = 5000;
const HANG_MS = 15_000;
type Op = 'login' | 'me' | 'ingest' | 'claim' | 'complete' | 'healthz' | 'readyz';

// Refused: the port stops listening and open connections are dropped (`down`/`up`). Dropped: open and new
// connections stay up but nothing gets through either way (`silence`/`resume`).
const proxy = new TcpProxy();
const target = await startTarget({
  env: { WEBHOOK_RATE_LIMIT_PER_MINUTE: '10000000', REFRESH_RATE_LIMIT_PER_MINUTE: '1000000' },
  databaseUrl: (url) => proxy.start(url),
});
const figures = new Figures('database outage');
const recorder = new TimedRequests<Op>(HANG_MS);
const { samples } = recorder;
let stopped = false;

await measure(
  figures,
  target,
  async () => {
    const fixture = await createFixture(target.base, 'outage');
    const { base } = target;
    const pid = target.server.pid;
    let deliveries = 0;

    const timed = (op: Op, send: (signal: AbortSignal) => Promise<Answer>) => recorder.send(op, send);

    const ops: Record<'login' | 'me' | 'ingest' | 'claim', () => Promise<unknown>> = {
      login: () =>
        timed('login', (signal) =>
          call(
            base,
            undefined,
            'POST',
            '/api/auth/login',
            { username_or_email: 'bench', password: 'bench passphrase 123' },
            signal,
          ),
        ),
      me: () => timed('me', (signal) => call(base, fixture.token, 'GET', '/api/auth/me', undefined, signal)),
      ingest: () => {
        const body = JSON.stringify({ n: deliveries++, event: 'outage' });
        return timed('ingest', async (signal) => {
          const response = await fetch(`${base}${fixture.ingestPath}`, {
            method: 'POST',
            headers: signed(fixture.trigger.signing_secret, body),
            body,
            signal,
          });
          return { status: response.status, headers: response.headers, body: await response.text() };
        });
      },
      claim: async () => {
        const claimed = await timed('claim', (signal) =>
          call(
            base,
            fixture.token,
            'POST',
            '/api/runs/claim',
            { workspace_id: fixture.workspaceId, lease_seconds: 30 },
            signal,
          ),
        );
        if (claimed?.status !== 200) return;
        await timed('complete', (signal) =>
          call(
            base,
            fixture.token,
            'POST',
            `/api/runs/${claimed.body.id}/complete`,
            { status: 'succeeded' },
            signal,
          ),
        );
      },
    };
    const names = Object.keys(ops) as (keyof typeof ops)[];
    const load = Array.from({ length: CONCURRENCY }, async (_, i) => {
      for (let n = i; !stopped; n++) await ops[names[n % names.length] as keyof typeof ops]();
    });
    const probes = (['healthz', 'readyz'] as const).map(async (op) => {
      while (!stopped) {
        await timed(op, (signal) => call(base, undefined, 'GET', `/${op}`, undefined, signal));
        await sleep(200);
      }
    });

    // `from`: the cut begins; `cutAt`: it has taken effect (a probe sent before may still have been answered).
    const outages: { kind: string; from: number; cutAt: number; to: number }[] = [];
    await sleep(3000);
    for (const kind of ['refused', 'dropped'] as const) {
      const from = performance.now();
      if (kind === 'refused') await proxy.down();
      else proxy.silence();
      const cutAt = performance.now();
      await sleep(OUTAGE_MS);
      if (kind === 'refused') await proxy.up();
      else proxy.resume();
      outages.push({ kind, from, cutAt, to: performance.now() });
      await sleep(RECOVER_WITHIN_MS + 3000);
    }
    stopped = true;
    await Promise.all([...load, ...probes]);

    figures.note(
      `${samples.length} requests by ${CONCURRENCY} clients and 2 probes; the same process throughout`,
    );
    figures.check('the server process stayed up', target.alive() && target.server.pid === pid);
    const is5xx = (s: Sample) => typeof s.status === 'number' && s.status >= 500 && s.status !== 503;
    const hangs = samples.filter((s) => typeof s.status !== 'number');
    figures.check(
      'no 5xx but 503, anywhere',
      !samples.some(is5xx),
      byStatus(statuses(samples.filter(is5xx))),
    );
    figures.check('no hang and no dropped connection', hangs.length === 0, byStatus(statuses(hangs)));

    for (const [index, { kind, from, cutAt, to }] of outages.entries()) {
      // Judged until the next outage begins: a request it catches belongs to it.
      const next = outages[index + 1]?.from ?? Number.POSITIVE_INFINITY;
      const during = samples.filter((s) => s.end >= from && s.start <= to);
      figures.note(
        `database ${kind} for ${((to - from) / 1000).toFixed(1)} s: ${during.length} requests in flight`,
      );
      for (const op of ['login', 'me', 'ingest', 'claim', 'complete', 'readyz', 'healthz'] as const) {
        const mine = during.filter((s) => s.op === op);
        if (mine.length === 0) continue;
        const slowest = Math.max(...mine.map((s) => s.end - s.start));
        figures.note(`  ${op.padEnd(8)} ${byStatus(statuses(mine))}; slowest ${slowest.toFixed(0)} ms`);
      }
      const dbOps = during.filter((s) => s.op !== 'healthz');
      const late = dbOps.filter((s) => s.end - s.start > ANSWER_WITHIN_MS);
      figures.check(
        `${kind}: every request answered within ${ANSWER_WITHIN_MS} ms`,
        late.length === 0,
        `${late.length} of ${dbOps.length} later, slowest ${Math.max(0, ...dbOps.map((s) => s.end - s.start)).toFixed(0)} ms`,
      );
      const unavailable = dbOps.filter((s) => s.status === 503);
      const bad = dbOps.filter((s) => !succeeded(s) && s.status !== 503);
      figures.check(`${kind}: requests answer 503 or succeed`, bad.length === 0, byStatus(statuses(bad)));
      figures.check(
        `${kind}: every 503 is problem+json with Retry-After`,
        unavailable.every((s) => s.retryAfter && s.problem),
        `${unavailable.filter((s) => !s.retryAfter || !s.problem).length} of ${unavailable.length} without`,
      );
      const healthz = during.filter((s) => s.op === 'healthz');
      figures.check(
        `${kind}: /healthz stays 200`,
        healthz.every((s) => s.status === 200),
        byStatus(statuses(healthz)),
      );
      // Answered while the database was away: one sent just before it came back may rightly find it again.
      const readyz = samples.filter((s) => s.op === 'readyz' && s.start >= cutAt && s.end <= to);
      figures.check(
        `${kind}: /readyz answers 503`,
        readyz.length > 0 && readyz.every((s) => s.status === 503),
        byStatus(statuses(readyz)),
      );
      const after = samples.filter((s) => s.start >= to && s.end < next);
      const failing = after.filter((s) => !succeeded(s));
      const recovery = Math.max(0, ...failing.map((s) => s.end - to));
      for (const s of failing.slice(-3)) {
        figures.note(
          `  not normal after: ${s.op} ${s.status}, sent ${((s.start - to) / 1000).toFixed(1)} s after, answered in ${(s.end - s.start).toFixed(0)} ms`,
        );
      }
      figures.check(
        `${kind}: everything normal within ${RECOVER_WITHIN_MS / 1000} s of the database coming back`,
        recovery <= RECOVER_WITHIN_MS && after.length > 0,
        `last failure ended ${(recovery / 1000).toFixed(1)} s after; ${after.length - failing.length} of ${after.length} normal until the next outage or the end`,
      );
    }
  },
  async () => {
    stopped = true;
    proxy.resume();
  },
);
await proxy.close();
