// Item 5 of issue 10, slow clients: 500 connections trickle bytes (half never finish their headers, half send
// complete headers and then a body one byte a second) while normal clients keep calling the API. The trickling
// clients must not block the others nor exhaust memory, and the server must cut them rather than hold them for
// ever. Usage: node scripts/resilience/slow-clients.ts [--connections 500] [--max-seconds 75]

import type { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { percentile, rssBytes } from '../bench/server.ts';
import { call, createFixture } from './api.ts';
import { Figures } from './figures.ts';
import { openSocket } from './raw-http.ts';
import { measure, mib, openFds, sleep, startTarget } from './target.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '500' },
    'max-seconds': { type: 'string', default: '75' },
  },
});
const CONNECTIONS = Number(values.connections);
const MAX_MS = Number(values['max-seconds']) * 1000;
const P99_LIMIT_MS = 500;
const RSS_GROWTH_LIMIT = 100 * 2 ** 20;

interface Slow {
  readonly kind: 'headers' | 'body';
  readonly socket: Socket;
  readonly opened: number;
  closedAfter: number | undefined;
}

const figures = new Figures(`slow clients (${CONNECTIONS} trickling connections)`);
const target = await startTarget();
await measure(figures, target, async () => {
  const fixture = await createFixture(target.base, 'slow clients');
  const pid = target.server.pid;

  /** Normal clients for `ms`: /api/auth/me and /healthz back to back; latencies and failures. */
  const normalTraffic = async (ms: number, until: () => boolean = () => false) => {
    const latencies: number[] = [];
    let failed = 0;
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        while (performance.now() < end && !until()) {
          const started = performance.now();
          const answer = await call(
            target.base,
            fixture.token,
            'GET',
            i % 2 ? '/healthz' : '/api/auth/me',
          ).catch(() => undefined);
          latencies.push(performance.now() - started);
          if (answer?.status !== 200) failed++;
          await sleep(20);
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), failed };
  };

  await normalTraffic(5000); // warm-up: the baseline below is a server that has served this traffic already
  const baseline = await normalTraffic(3000);
  const rssBefore = await rssBytes(pid);
  const fdsBefore = await openFds(pid);
  figures.note(
    `before: ${baseline.latencies.length} normal requests, p50 ${percentile(baseline.latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(baseline.latencies, 99).toFixed(1)} ms; RSS ${mib(rssBefore)}; ${fdsBefore} fds`,
  );

  const slow: Slow[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const kind = i % 2 ? 'body' : 'headers';
    const socket = await openSocket(target.port);
    const entry: Slow = { kind, socket, opened: performance.now(), closedAfter: undefined };
    socket.on('close', () => (entry.closedAfter ??= performance.now() - entry.opened));
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.write(
      kind === 'headers'
        ? `GET /api/auth/me HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: `
        : `POST ${fixture.ingestPath} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"a":"`,
    );
    slow.push(entry);
  }
  const trickle = setInterval(() => {
    for (const s of slow) if (s.closedAfter === undefined) s.socket.write('a');
  }, 1000);
  let rssPeak = rssBefore;
  const sampler = setInterval(
    () =>
      void rssBytes(pid).then(
        (rss) => (rssPeak = Math.max(rssPeak, rss)),
        () => {},
      ),
    500,
  );
  const open = () => slow.filter((s) => s.closedAfter === undefined).length;
  // Memory while every trickling connection is held (before the server's first cut, about 20 s in): over the
  // whole phase, the normal traffic alone grows the heap by tens of MiB and would hide what they cost.
  let rssHolding: number | undefined;
  setTimeout(
    () => void rssBytes(pid).then((rss) => (rssHolding = open() === CONNECTIONS ? rss : undefined)),
    15_000,
  );
  const during = await normalTraffic(MAX_MS, () => open() === 0);
  clearInterval(trickle);
  clearInterval(sampler);
  const heldOpen = open();
  for (const s of slow) s.socket.destroy();
  await sleep(1000);
  const fdsAfter = await openFds(pid);

  figures.note(
    `during: ${during.latencies.length} normal requests, p50 ${percentile(during.latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(during.latencies, 99).toFixed(1)} ms, slowest ${(during.latencies.at(-1) ?? 0).toFixed(0)} ms`,
  );
  for (const kind of ['headers', 'body'] as const) {
    const cut = slow
      .filter((s) => s.kind === kind && s.closedAfter !== undefined)
      .map((s) => s.closedAfter as number)
      .sort((a, b) => a - b);
    figures.note(
      `trickling ${kind}: ${cut.length} of ${slow.filter((s) => s.kind === kind).length} cut by the server, ` +
        `after ${(percentile(cut, 0) / 1000).toFixed(0)}-${(percentile(cut, 100) / 1000).toFixed(0)} s`,
    );
  }
  figures.check('normal clients are served throughout', during.failed === 0, `${during.failed} failed`);
  figures.check(
    `normal requests p99 under ${P99_LIMIT_MS} ms meanwhile`,
    percentile(during.latencies, 99) < P99_LIMIT_MS,
    `${percentile(during.latencies, 99).toFixed(0)} ms`,
  );
  figures.note(`RSS peak over the whole phase ${mib(rssPeak)} (+${mib(rssPeak - rssBefore)})`);
  figures.check(
    `RSS with all ${CONNECTIONS} held 15 s grows less than ${mib(RSS_GROWTH_LIMIT)}`,
    rssHolding !== undefined && rssHolding - rssBefore < RSS_GROWTH_LIMIT,
    rssHolding === undefined
      ? 'some were cut before 15 s'
      : `${mib(rssHolding)}, +${mib(rssHolding - rssBefore)}`,
  );
  figures.check(
    `no trickling connection held past ${MAX_MS / 1000} s`,
    heldOpen === 0,
    `${heldOpen} still open`,
  );
  figures.check(
    'file descriptors back afterwards',
    fdsAfter <= fdsBefore + 5,
    `${fdsBefore} before, ${fdsAfter} after`,
  );
  figures.check('the process stays up', target.alive());
});
