import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { api, withKey } from '../../support/api.ts';
import { joinWorkspaceOverHttp } from '../../support/members.ts';
import { SseClient } from '../../support/sse-client.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

/** A client that sends the request and then never reads: what it is sent piles up on the server's side. */
async function stalledStream(app: TestApp, path: string, auth: Record<string, string>): Promise<Socket> {
  const { port } = new URL(app.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth.authorization}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  socket.pause();
  return socket;
}

async function until(condition: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('event streams are bounded: backpressure, caps, lifetime, HEAD, and access re-checked', () => {
  let app: TestApp;
  let other: TestApp;
  let owner: SignedUp;
  let worker: SignedUp;
  let workspaceId: string;
  let missionId: string;
  const bigMessage = 'x'.repeat(60 * 1024);

  before(async () => {
    const settings = {
      JWT_ISSUER: 'https://api.example.test',
      EVENT_STREAMS_PER_CALLER: '3',
      EVENT_STREAM_BUFFER_BYTES: '262144',
    };
    app = await startTestApp(settings);
    other = await startTestApp(settings);
    owner = await signUp(app);
    worker = await signUp(app);
    workspaceId = (await api(app, owner, 'POST', '/api/workspaces', { name: 'Streams' })).body.id;
    await joinWorkspaceOverHttp(app, owner, workspaceId, worker, 'admin');
    missionId = (await api(app, owner, 'POST', '/api/missions', { workspace_id: workspaceId, name: 's' }))
      .body.id;
  });
  after(async () => {
    await app?.close();
    await other?.close();
  });

  async function runningRun(): Promise<string> {
    const run = (await api(app, owner, 'POST', `/api/missions/${missionId}/runs`, { input: {} })).body;
    await api(app, worker, 'POST', '/api/runs/claim', {
      workspace_id: workspaceId,
      mission_ids: [missionId],
    });
    return run.id;
  }
  async function appendBig(runId: string, count: number): Promise<void> {
    for (let sent = 0; sent < count; sent += 10) {
      const events = Array.from({ length: Math.min(10, count - sent) }, () => ({
        type: 'log',
        data: { blob: bigMessage },
      }));
      const appended = await api(app, worker, 'POST', `/api/runs/${runId}/events`, { events });
      expect(appended.status, JSON.stringify(appended.body)).to.equal(201);
    }
  }
  const streamPath = (runId: string) => `/api/runs/${runId}/events/stream`;

  it('sends a backlog at the pace the client reads it, not all at once into memory', async () => {
    const runId = await runningRun();
    await appendBig(runId, 120); // about 7 MB of backlog
    const { eventStreams } = app.container.cradle;
    const socket = await stalledStream(app, streamPath(runId), owner.auth);
    await until(() => eventStreams.size === 1, 'the stream to open');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Held for the client: at most about one page of the backlog, not its 7 MB.
    expect(eventStreams.bufferedBytes).to.be.below(1024 * 1024);
    expect(eventStreams.size).to.equal(1);
    // Reading again, the client gets the whole backlog.
    let received = 0;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    socket.resume();
    await until(() => received > 120 * 60 * 1024, 'the whole backlog');
    socket.destroy();
    await until(() => eventStreams.size === 0, 'the stream to be forgotten');
  });

  it('destroys a live stream whose client stopped reading once its buffer passes the limit', async () => {
    const runId = await runningRun();
    const { eventStreams } = app.container.cradle;
    const socket = await stalledStream(app, streamPath(runId), owner.auth);
    let closed = false;
    socket.on('close', () => {
      closed = true;
    });
    await until(() => eventStreams.size === 1, 'the stream to open');
    for (let round = 0; round < 15 && eventStreams.size > 0; round++) await appendBig(runId, 10);
    await until(() => eventStreams.size === 0, 'the stalled stream to be dropped');
    socket.resume();
    await until(() => closed, 'the connection to close');
  });

  it('caps open streams per caller with 429 and Retry-After, and answers HEAD with headers only', async () => {
    const runId = await runningRun();
    const open = await Promise.all(
      [1, 2, 3].map(() => SseClient.open(`${app.baseUrl}${streamPath(runId)}`, worker.auth)),
    );
    expect(open.map((s) => s.status)).to.deep.equal([200, 200, 200]);
    const refused = await app.request(streamPath(runId), { headers: worker.auth });
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    expect(((await refused.json()) as { code: string }).code).to.equal('rate_limited');
    // Another caller is not affected.
    const owners = await SseClient.open(`${app.baseUrl}${streamPath(runId)}`, owner.auth);
    expect(owners.status).to.equal(200);
    await owners.close();
    await open[0]?.close();
    await until(
      () => app.container.cradle.eventStreams.size === 2,
      `the closed stream to be forgotten (${app.container.cradle.eventStreams.size})`,
    );
    const again = await SseClient.open(`${app.baseUrl}${streamPath(runId)}`, worker.auth);
    expect(again.status).to.equal(200);
    for (const stream of [again, ...open.slice(1)]) await stream.close();

    const head = await app.request(streamPath(runId), {
      method: 'HEAD',
      headers: owner.auth,
      signal: AbortSignal.timeout(3000),
    });
    expect(head.status).to.equal(200);
    expect(head.headers.get('content-type')).to.match(/^text\/event-stream/);
    expect(await head.text()).to.equal('');
  });

  it('caps open streams per instance with 429 and Retry-After, whoever asks', async () => {
    const small = await startTestApp({
      JWT_ISSUER: 'https://api.example.test',
      EVENT_STREAMS_PER_CALLER: '3',
      EVENT_STREAMS_PER_INSTANCE: '2',
    });
    try {
      const runId = await runningRun();
      const open = [
        await SseClient.open(`${small.baseUrl}${streamPath(runId)}`, owner.auth),
        await SseClient.open(`${small.baseUrl}${streamPath(runId)}`, owner.auth),
      ];
      expect(open.map((s) => s.status)).to.deep.equal([200, 200]);
      // Another caller, under its own cap, finds the instance full.
      const refused = await small.request(streamPath(runId), { headers: worker.auth });
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
      await open[0]?.close();
      await until(() => small.container.cradle.eventStreams.size === 1, 'the closed stream to be forgotten');
      const admitted = await SseClient.open(`${small.baseUrl}${streamPath(runId)}`, worker.auth);
      expect(admitted.status).to.equal(200);
      for (const stream of [admitted, open[1]]) await stream?.close();
    } finally {
      await small.close();
    }
  });

  it('holds a compressed body to 1 MiB decoded, whatever its route takes (413)', async () => {
    const runId = await runningRun();
    const events = Array.from({ length: 100 }, () => ({ type: 'log', data: { blob: bigMessage } }));
    const body = gzipSync(JSON.stringify({ events })); // about 6 MB of JSON in a few KB
    const answer = await app.request(`/api/runs/${runId}/events`, {
      method: 'POST',
      headers: { ...worker.auth, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body,
    });
    expect(body.byteLength).to.be.below(64 * 1024);
    expect(answer.status).to.equal(413);
    // The same events sent plain are within the route's limit.
    const plain = await api(app, worker, 'POST', `/api/runs/${runId}/events`, {
      events: events.slice(0, 10),
    });
    expect(plain.status).to.equal(201);
  });

  it('ends a stream at its maximum lifetime, without an end frame', async () => {
    const short = await startTestApp({
      JWT_ISSUER: 'https://api.example.test',
      EVENT_STREAM_MAX_SECONDS: '1',
    });
    try {
      const runId = await runningRun();
      const stream = await SseClient.open(`${short.baseUrl}${streamPath(runId)}`, owner.auth);
      expect(stream.status).to.equal(200);
      const frames = await stream.waitForClose(4000);
      expect(frames.map((f) => f.event)).to.not.include('end');
    } finally {
      await short.close();
    }
  });

  it('closes the streams of a revoked key, a removed member and a logged-out session, on every instance', async () => {
    const runId = await runningRun();
    const key = (
      await api(app, owner, 'POST', `/api/workspaces/${workspaceId}/api-keys`, {
        name: 'reader',
        role: 'member',
      })
    ).body.key as string;
    const member = await signUp(app);
    await joinWorkspaceOverHttp(app, owner, workspaceId, member, 'member');
    const leaving = await signUp(app);
    await joinWorkspaceOverHttp(app, owner, workspaceId, leaving, 'member');

    const byKey = await SseClient.open(`${other.baseUrl}${streamPath(runId)}`, withKey(key).auth);
    const byRemoved = await SseClient.open(`${other.baseUrl}${streamPath(runId)}`, leaving.auth);
    const byLoggedOut = await SseClient.open(`${other.baseUrl}${streamPath(runId)}`, member.auth);
    const stays = await SseClient.open(`${other.baseUrl}${streamPath(runId)}`, owner.auth);
    for (const stream of [byKey, byRemoved, byLoggedOut, stays]) expect(stream.status).to.equal(200);

    await revokeKey(app, owner, workspaceId, key);
    await byKey.waitForClose();
    expect(
      (await api(app, owner, 'DELETE', `/api/workspaces/${workspaceId}/members/${leaving.userId}`)).status,
    ).to.equal(204);
    await byRemoved.waitForClose();
    expect((await api(app, member, 'POST', '/api/auth/logout')).status).to.equal(204);
    await byLoggedOut.waitForClose();

    // The stream of a caller who keeps access keeps receiving events.
    await api(app, worker, 'POST', `/api/runs/${runId}/events`, {
      events: [{ type: 'log', message: 'still here' }],
    });
    const frames = await stays.waitForFrames(3);
    expect(stays.closed).to.equal(false);
    expect(frames.at(-1)?.event).to.equal('log');
    await stays.close();
  });
});

async function revokeKey(app: TestApp, owner: SignedUp, workspaceId: string, key: string): Promise<void> {
  const keys = (await api(app, owner, 'GET', `/api/workspaces/${workspaceId}/api-keys`)).body.items as {
    id: string;
    prefix: string;
  }[];
  const found = keys.find((k) => key.startsWith(k.prefix));
  if (!found) throw new Error('key not listed');
  expect(
    (await api(app, owner, 'DELETE', `/api/workspaces/${workspaceId}/api-keys/${found.id}`)).status,
  ).to.equal(204);
}
