// Item 6 of issue 10, soak: 100,000 mixed requests (token checks, lists, reads, webhook ingest, claims and
// completions, refreshes, logins, and a share of 4xx) after a warm-up of the same mix. After each, once idle:
// the server's RSS, open file descriptors and PostgreSQL connections. RSS after the soak must stay within 20 % of
// RSS after the warm-up; descriptors and connections must not grow. Issue 26 item 6: every `--sample-every`
// requests the RSS and the heap, external and ArrayBuffer memory (read through the Node inspector on loopback)
// are printed, to tell a plateau from a leak; after the warm-up and after the soak the same once more after a
// forced garbage collection, with heap snapshots written to `--snapshots DIR` for a comparison.
// Usage: node scripts/resilience/soak.ts [--requests 100000] [--warmup 10000] [--concurrency 16]
// [--sample-every 10000] [--snapshots DIR] [--node-flag=--max-semi-space-size=16]
// [--env NAME=VALUE] (the server gets only the variables given). A heap snapshot's own native memory stays in the
// process's malloc arena (150-200 MiB): with --snapshots the resident-set figures after it are not comparable.
// A --max-semi-space-size given with --node-flag skips the server's relaunch (src/launch.ts) and with it
// MALLOC_ARENA_MAX=2: give --env MALLOC_ARENA_MAX=2 too.
import { parseArgs } from 'node:util';
import { freePort, logIn, rssBytes } from '../bench/server.ts';
import { call, createFixture, type Json, signed } from './api.ts';
import { byStatus, count, Figures } from './figures.ts';
import { Inspector, memoryText } from './inspector.ts';
import { measure, mib, openFds, sleep, startTarget } from './target.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    warmup: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '16' },
    'sample-every': { type: 'string', default: '10000' },
    snapshots: { type: 'string' },
    'node-flag': { type: 'string', multiple: true, default: [] },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const SAMPLE_EVERY = Number(values['sample-every']);
const REQUESTS = Number(values.requests);
const WARMUP = Number(values.warmup);
const CONCURRENCY = Number(values.concurrency);
/** Longer than the pools' idle timeout (10 s) and the server's keep-alive timeout (5 s). */
const SETTLE_MS = 12_000;

const figures = new Figures(`soak (${REQUESTS} mixed requests)`);
const inspectPort = await freePort();
const target = await startTarget({
  env: {
    WEBHOOK_RATE_LIMIT_PER_MINUTE: '10000000',
    REFRESH_RATE_LIMIT_PER_MINUTE: '1000000',
    ...Object.fromEntries(
      (values.env ?? []).map((pair) => [pair.split('=')[0], pair.slice(pair.indexOf('=') + 1)]),
    ),
  },
  nodeFlags: [`--inspect=127.0.0.1:${inspectPort}`, ...(values['node-flag'] ?? [])],
});
const inspector = await Inspector.connect(inspectPort);
await measure(
  figures,
  target,
  async () => {
    const fixture = await createFixture(target.base, 'soak');
    const { base } = target;
    const pid = target.server.pid;
    const runIds: string[] = [];
    let deliveries = 0;

    /** One client loop's state: its own login session (a worker) and refresh token. */
    const client = async () => {
      // Sixteen logins at once can fill the password-hashing queue (503 busy): a client that kept no session
      // would send nothing but 401s (a third to a half of a soak's requests had been).
      for (;;) {
        const answer = await call(base, undefined, 'POST', '/api/auth/login', {
          username_or_email: 'bench',
          password: 'bench passphrase 123',
        });
        if (answer.status === 200) {
          return { token: answer.body.access_token as string, refresh: answer.body.refresh_token as string };
        }
        await sleep(200);
      }
    };
    type Client = Awaited<ReturnType<typeof client>>;
    const mix: [number, (c: Client) => Promise<number>][] = [
      [25, (c) => status(call(base, c.token, 'GET', '/api/auth/me'))],
      [8, (c) => status(call(base, c.token, 'GET', '/api/workspaces'))],
      [
        8,
        (c) => status(call(base, c.token, 'GET', `/api/runs?workspace_id=${fixture.workspaceId}&limit=20`)),
      ],
      [
        8,
        (c) =>
          status(call(base, c.token, 'GET', `/api/runs/${runIds[runIds.length - 1] ?? fixture.missionId}`)),
      ],
      [15, () => ingest()],
      [10, (c) => claimAndComplete(c)],
      [3, (c) => refresh(c)],
      [1, () => status(call(base, undefined, 'GET', '/api/auth/jwks.json'))],
      [1, () => status(logIn(base).then(() => ({ status: 200 })))],
      [5, () => status(call(base, undefined, 'GET', '/healthz'))],
      [4, (c) => status(call(base, c.token, 'GET', '/api/missions/00000000-0000-4000-8000-000000000000'))],
      [4, () => status(call(base, 'not-a-token', 'GET', '/api/auth/me'))],
      [4, (c) => status(call(base, c.token, 'POST', '/api/missions', { workspace_id: 'x', name: '' }))],
    ];
    const total = mix.reduce((sum, [weight]) => sum + weight, 0);
    const pick = (n: number) => {
      let at = (n * 7919) % total;
      for (const [weight, op] of mix) {
        if (at < weight) return op;
        at -= weight;
      }
      return mix[0]?.[1] as (c: Client) => Promise<number>;
    };

    async function ingest(): Promise<number> {
      const body = JSON.stringify({ n: deliveries++, event: 'soak', pad: 'x'.repeat(512) });
      const response = await fetch(`${base}${fixture.ingestPath}`, {
        method: 'POST',
        headers: signed(fixture.trigger.signing_secret, body),
        body,
      });
      const answer = (await response.json()) as Json;
      if (response.status === 202) runIds.push(answer.run_id);
      if (runIds.length > 1000) runIds.splice(0, 500);
      return response.status;
    }
    async function claimAndComplete(c: Client): Promise<number> {
      const claim = await call(base, c.token, 'POST', '/api/runs/claim', {
        workspace_id: fixture.workspaceId,
        lease_seconds: 60,
      });
      if (claim.status !== 200) return claim.status;
      return status(
        call(base, c.token, 'POST', `/api/runs/${claim.body.id}/complete`, { status: 'succeeded' }),
      );
    }
    async function refresh(c: Client): Promise<number> {
      const answer = await call(base, undefined, 'POST', '/api/auth/refresh', { refresh_token: c.refresh });
      if (answer.status === 200) {
        c.token = answer.body.access_token;
        c.refresh = answer.body.refresh_token;
      }
      return answer.status;
    }

    const statuses = new Map<number | string, number>();
    /** Samples of the soak: requests sent, RSS and the server's own memory figures, as they go. */
    const samples: string[] = [];
    const sample = async (sent: number) => {
      const [rss, usage] = await Promise.all([rssBytes(pid), inspector.memoryUsage()]);
      const line = `after ${sent}: RSS ${mib(rss)}, ${memoryText(usage)}`;
      samples.push(line);
      figures.note(line);
    };
    const drive = async (requests: number, sampled = false) => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          const c = await client();
          while (next < requests) {
            const n = next++;
            if (sampled && n > 0 && n % SAMPLE_EVERY === 0) void sample(n).catch(() => {});
            count(statuses, await pick(n)(c).catch((error: Error) => error.name));
          }
        }),
      );
      return (performance.now() - started) / 1000;
    };
    /** The server's memory as it is, then after a full collection (what is retained), and a heap snapshot. */
    const retained = async (label: string) => {
      figures.note(`${label}: ${memoryText(await inspector.memoryUsage())}`);
      await inspector.collectGarbage();
      const usage = await inspector.memoryUsage();
      figures.note(
        `${label}, after a full garbage collection: ${memoryText(usage)}, RSS ${mib(await rssBytes(pid))}`,
      );
      if (values.snapshots) await inspector.heapSnapshot(`${values.snapshots}/soak-${label}.heapsnapshot`);
      return usage;
    };
    const settle = async () => {
      await sleep(SETTLE_MS);
      return {
        rss: await rssBytes(pid),
        fds: await openFds(pid),
        connections: await target.database.connections(),
      };
    };

    const warmupSeconds = await drive(WARMUP);
    const warm = await settle();
    figures.note(
      `warm-up: ${WARMUP} requests in ${warmupSeconds.toFixed(0)} s; then RSS ${mib(warm.rss)}, ` +
        `${warm.fds} fds, ${warm.connections} database connections`,
    );
    const warmRetained = await retained('warm-up');
    statuses.clear();
    let peakRss = warm.rss;
    let peakConnections = warm.connections;
    const sampler = setInterval(() => {
      void rssBytes(pid).then(
        (rss) => (peakRss = Math.max(peakRss, rss)),
        () => {},
      );
      void target.database.connections().then(
        (n) => (peakConnections = Math.max(peakConnections, n)),
        () => {},
      );
    }, 1000);
    const seconds = await drive(REQUESTS, true);
    clearInterval(sampler);
    const after = await settle();
    const afterRetained = await retained('soak');
    figures.note(
      `retained after a full collection: heap ${mib(warmRetained.heapUsed)} -> ${mib(afterRetained.heapUsed)}, ` +
        `external ${mib(warmRetained.external)} -> ${mib(afterRetained.external)}`,
    );
    figures.note(
      `soak: ${REQUESTS} requests in ${seconds.toFixed(0)} s (${(REQUESTS / seconds).toFixed(0)}/s): ${byStatus(statuses)}`,
    );
    figures.note(`peak during the soak: RSS ${mib(peakRss)}, ${peakConnections} database connections`);
    figures.note(`after: RSS ${mib(after.rss)}, ${after.fds} fds, ${after.connections} database connections`);
    const failures = [...statuses].filter(([s]) => typeof s !== 'number' || s >= 500);
    figures.check('no 5xx and no failed request', failures.length === 0, byStatus(new Map(failures)));
    figures.check(
      'RSS after the soak within 20 % of RSS after the warm-up',
      after.rss <= warm.rss * 1.2 && after.rss >= warm.rss * 0.8,
      `${mib(warm.rss)} -> ${mib(after.rss)} (${(((after.rss - warm.rss) / warm.rss) * 100).toFixed(1)} %)`,
    );
    figures.check('no file descriptor leaked', after.fds <= warm.fds, `${warm.fds} -> ${after.fds}`);
    figures.check(
      'no database connection leaked',
      after.connections <= warm.connections,
      `${warm.connections} -> ${after.connections}`,
    );
    figures.check('the process stays up', target.alive());
  },
  async () => inspector.close(),
);

async function status(answer: Promise<{ status: number }>): Promise<number> {
  return (await answer).status;
}
