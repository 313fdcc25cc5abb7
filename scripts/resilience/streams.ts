// Issue 19, event streams: clients that stop reading must not pin a run's backlog in memory, and a stream must
// end as soon as its caller's access does. 50 clients open a stream on a run holding about 9 MB of events and
// never read; then a stream by an API key and one by a login session, ended by revoking the key and logging out.
// Beside the resident set it prints the server's heap, external and ArrayBuffer memory (read through the Node
// inspector on loopback), and the same after a forced garbage collection: what the streams retain.
// A heap snapshot's own native memory stays in the process's malloc arena (150-200 MiB): with --snapshots the
// resident-set figures after the first one are not comparable. A --max-semi-space-size given with --node-flag
// skips the server's relaunch (src/launch.ts) and with it MALLOC_ARENA_MAX=2: give --env MALLOC_ARENA_MAX=2 too.
// Usage: node scripts/resilience/streams.ts [--stalled 50] [--snapshots DIR] [--node-flag=--max-semi-space-size=16]
// [--env NAME=VALUE] (the server gets only the variables given)

import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { freePort, logIn, rssBytes } from '../bench/server.ts';
import { call, createFixture, ok } from './api.ts';
import { Figures } from './figures.ts';
import { Inspector, memoryText } from './inspector.ts';
import { openSocket } from './raw-http.ts';
import { measure, mib, openFds, sleep, startTarget } from './target.ts';

const { values } = parseArgs({
  options: {
    stalled: { type: 'string', default: '50' },
    // Heap snapshots before and with the stalled streams, written there (for Chrome DevTools' Memory tab).
    snapshots: { type: 'string' },
    'node-flag': { type: 'string', multiple: true, default: [] },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const STALLED = Number(values.stalled);
const RSS_GROWTH_LIMIT = 100 * 2 ** 20;
const REVOKED_CLOSE_LIMIT_MS = 1000;

const figures = new Figures(`event streams (${STALLED} clients that stop reading, revocation)`);
const inspectPort = await freePort();
const target = await startTarget({
  nodeFlags: [`--inspect=127.0.0.1:${inspectPort}`, ...(values['node-flag'] ?? [])],
  env: {
    EVENT_STREAMS_PER_CALLER: String(STALLED + 10),
    EVENT_STREAM_STALL_SECONDS: '5',
    RUN_EVENT_STREAM_HEARTBEAT_SECONDS: '1',
    ...Object.fromEntries(
      (values.env ?? []).map((pair) => [pair.split('=')[0], pair.slice(pair.indexOf('=') + 1)]),
    ),
  },
});
const sockets: Socket[] = [];
const inspector = await Inspector.connect(inspectPort);
await measure(
  figures,
  target,
  async () => {
    const fixture = await createFixture(target.base, 'streams');
    const { token, workspaceId, missionId } = fixture;
    const run = await ok(target.base, token, 'POST', `/api/missions/${missionId}/runs`, { input: {} });
    await ok(target.base, token, 'POST', '/api/runs/claim', {
      workspace_id: workspaceId,
      mission_ids: [missionId],
    });
    const blob = 'x'.repeat(60 * 1024);
    for (let batch = 0; batch < 15; batch++) {
      const events = Array.from({ length: 10 }, () => ({ type: 'log', data: { blob } }));
      await ok(target.base, token, 'POST', `/api/runs/${run.id}/events`, { events });
    }
    figures.note('backlog: 150 events of 60 KiB (about 9 MB)');
    const pid = target.server.pid as number;
    await inspector.collectGarbage();
    const rssBefore = await rssBytes(pid);
    figures.note(`before: ${memoryText(await inspector.memoryUsage())}`);
    if (values.snapshots) await inspector.heapSnapshot(`${values.snapshots}/streams-before.heapsnapshot`);
    const fdsBefore = await openFds(pid);
    for (let i = 0; i < STALLED; i++) {
      const socket = await openSocket(target.port);
      socket.write(
        `GET /api/runs/${run.id}/events/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
      socket.pause();
      socket.on('error', () => {});
      sockets.push(socket);
    }
    await sleep(3000);
    const rssStalled = await rssBytes(pid);
    const growth = rssStalled - rssBefore;
    figures.note(`resident set ${mib(rssBefore)} before, ${mib(rssStalled)} with ${STALLED} stalled streams`);
    figures.note(`with the stalled streams: ${memoryText(await inspector.memoryUsage())}`);
    figures.note(
      `held by the kernel for them (send queues, not in the resident set): ${mib(await sendQueued(target.port))}`,
    );
    await inspector.collectGarbage();
    figures.note(
      `after a full garbage collection: ${memoryText(await inspector.memoryUsage())}, resident set ${mib(await rssBytes(pid))}`,
    );
    if (values.snapshots) await inspector.heapSnapshot(`${values.snapshots}/streams-stalled.heapsnapshot`);
    figures.check(
      `${STALLED} stalled streams grow the resident set by under ${mib(RSS_GROWTH_LIMIT)}`,
      growth < RSS_GROWTH_LIMIT,
      mib(growth),
    );
    await sleep(9000);
    const fdsAfter = await openFds(pid);
    figures.check(
      'stalled streams are dropped by the server within 5 s of stalling (+ a heartbeat)',
      fdsAfter <= fdsBefore + 5,
      `${fdsBefore} descriptors before, ${fdsAfter} after 12 s`,
    );

    // Revocation: a key's stream and a session's stream end when the key is revoked and the session logs out.
    const key = await ok(target.base, token, 'POST', `/api/workspaces/${workspaceId}/api-keys`, {
      name: 's',
      role: 'member',
    });
    // A session of its own, so the fixture's token stays usable.
    const own = await logIn(target.base);
    const follow = async (credential: string) => {
      const response = await fetch(`${target.base}/api/runs/${run.id}/events/stream?after=150`, {
        headers: { authorization: `Bearer ${credential}` },
      });
      const reader = response.body?.getReader();
      let closedAt = 0;
      const done = (async () => {
        for (;;) {
          const { done: finished } = (await reader?.read()) ?? { done: true };
          if (finished) break;
        }
        closedAt = performance.now();
      })();
      return { status: response.status, closed: () => done.then(() => closedAt) };
    };
    const byKey = await follow(key.key);
    figures.check('a stream opened with an API key', byKey.status === 200, String(byKey.status));
    const revokedAt = performance.now();
    await ok(target.base, token, 'DELETE', `/api/workspaces/${workspaceId}/api-keys/${key.id}`);
    const keyClosed = await Promise.race([byKey.closed(), sleep(5000).then(() => Number.POSITIVE_INFINITY)]);
    figures.check(
      `the revoked key's stream closes within ${REVOKED_CLOSE_LIMIT_MS} ms`,
      keyClosed - revokedAt < REVOKED_CLOSE_LIMIT_MS,
      `${Math.round(keyClosed - revokedAt)} ms`,
    );
    const bySession = await follow(own);
    const loggedOutAt = performance.now();
    await call(target.base, own, 'POST', '/api/auth/logout');
    const sessionClosed = await Promise.race([
      bySession.closed(),
      sleep(5000).then(() => Number.POSITIVE_INFINITY),
    ]);
    figures.check(
      `a logged-out session's stream closes within ${REVOKED_CLOSE_LIMIT_MS} ms`,
      sessionClosed - loggedOutAt < REVOKED_CLOSE_LIMIT_MS,
      `${Math.round(sessionClosed - loggedOutAt)} ms`,
    );
  },
  async () => {
    inspector.close();
    for (const socket of sockets) socket.destroy();
  },
);

/** Bytes the kernel holds in the send queues of the server's connections on `port` (/proc/net/tcp tx_queue). */
async function sendQueued(port: number): Promise<number> {
  const table = await readFile('/proc/net/tcp', 'utf8');
  let bytes = 0;
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const local = fields[1]?.split(':')[1];
    const queues = fields[4]?.split(':')[0];
    if (local && queues && Number.parseInt(local, 16) === port) bytes += Number.parseInt(queues, 16);
  }
  return bytes;
}
