import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteMission, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { SseClient } from '../../support/sse-client.ts';
import { type SignedUp, signUp, type TestApp } from '../../support/test-app.ts';

describe('run events over HTTP (PostgreSQL): append, pages, the SSE stream', () => {
  // Two instances on one database (one issuer, so tokens work on both): streams follow appends on either.
  const issuer = { JWT_ISSUER: 'https://api.example.test' };
  const app = suiteApp({ ...issuer, RUN_EVENT_STREAM_HEARTBEAT_SECONDS: '1' });
  const other = suiteApp(issuer);
  const owner = suiteUser(app);
  const worker = suiteUser(app);
  const reader = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Events', [
    [worker, 'admin'],
    [reader, 'member'],
  ]);
  const followed = suiteMission(app, owner, workspace, 'e');

  async function runningRun(): Promise<string> {
    const run = (await api(app, owner, 'POST', `/api/missions/${followed.id}/runs`, { input: {} })).body;
    const claimed = await api(app, worker, 'POST', '/api/runs/claim', {
      workspace_id: workspace.id,
      mission_ids: [followed.id],
    });
    expect(claimed.body.id).to.equal(run.id);
    return run.id;
  }
  const append = (runId: string, events: object[], as: SignedUp = worker, on: TestApp = app) =>
    api(on, as, 'POST', `/api/runs/${runId}/events`, { events });
  const stream = (runId: string, headers: Record<string, string> = {}, query = '', on: TestApp = app) =>
    SseClient.open(`${on.baseUrl}/api/runs/${runId}/events/stream${query}`, { ...reader.auth, ...headers });

  it('numbers worker and status events 1, 2, 3, ... per run and pages through them', async () => {
    const runId = await runningRun();
    const first = await append(runId, [
      { type: 'log', level: 'info', message: 'fetching', data: { url: 'https://example.com' } },
      { type: 'progress', data: { done: 1, of: 3 } },
    ]);
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    expect(first.body).to.deep.equal({ seq_from: 3, seq_to: 4 });
    expect((await append(runId, [{ type: 'output', data: 'chunk' }])).body).to.deep.equal({
      seq_from: 5,
      seq_to: 5,
    });

    const page = await api(app, reader, 'GET', `/api/runs/${runId}/events?limit=2`);
    expect(page.status).to.equal(200);
    expect(page.body.items.map((e: { seq: number; type: string }) => [e.seq, e.type])).to.deep.equal([
      [1, 'status'],
      [2, 'status'],
    ]);
    expect(page.body.items[0]).to.deep.include({
      level: null,
      message: 'queued',
      data: { status: 'queued', attempt: 1, error: null, not_before: page.body.items[0].data.not_before },
    });
    expect(page.body.items[1].data).to.deep.equal({ status: 'running', attempt: 1, error: null });
    expect(page.body.next_cursor).to.equal('2');
    const rest = await api(app, reader, 'GET', `/api/runs/${runId}/events?after=2&limit=50`);
    expect(rest.body.items).to.have.lengthOf(3);
    expect(rest.body.items[0]).to.deep.include({
      seq: 3,
      type: 'log',
      level: 'info',
      message: 'fetching',
      data: { url: 'https://example.com' },
    });
    expect(rest.body.next_cursor).to.equal(null);
  });

  it('ends a page of events once they reach 1 MiB, whatever the limit; the next page continues after it', async () => {
    const runId = await runningRun();
    const blob = 'x'.repeat(60 * 1024);
    for (let batch = 0; batch < 3; batch++) {
      const events = Array.from({ length: 10 }, () => ({ type: 'log', data: { blob } }));
      expect((await append(runId, events)).status).to.equal(201);
    }
    const first = await api(app, reader, 'GET', `/api/runs/${runId}/events?limit=100`);
    expect(first.status).to.equal(200);
    const seqs = first.body.items.map((e: { seq: number }) => e.seq);
    // Two status events, then the logs up to the one that takes the page past 1 MiB.
    expect(seqs.length).to.be.within(17, 20);
    expect(JSON.stringify(first.body).length).to.be.within(1024 * 1024, 1024 * 1024 + 64 * 1024);
    expect(first.body.next_cursor).to.equal(String(seqs.at(-1)));
    const rest = await api(
      app,
      reader,
      'GET',
      `/api/runs/${runId}/events?after=${first.body.next_cursor}&limit=100`,
    );
    const restSeqs = rest.body.items.map((e: { seq: number }) => e.seq);
    expect([...seqs, ...restSeqs]).to.deep.equal(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(rest.body.next_cursor).to.equal(null);
  });

  it('takes events only from the lease holder; a cancelled run answers 409 run_cancelled', async () => {
    const runId = await runningRun();
    const stranger = await append(runId, [{ type: 'log', message: 'x' }], owner);
    expect(stranger.status).to.equal(409);
    expect(stranger.body.code).to.equal('conflict');
    expect((await append(runId, [{ type: 'log' }], reader)).status).to.equal(403);
    await api(app, owner, 'POST', `/api/runs/${runId}/cancel`);
    const cancelled = await append(runId, [{ type: 'log', message: 'still working' }]);
    expect(cancelled.status).to.equal(409);
    expect(cancelled.body.code).to.equal('run_cancelled');
  });

  it('refuses bad batches with 400 and a run past 10 MiB of events with 413 run_event_limit_exceeded', async () => {
    const runId = await runningRun();
    for (const events of [
      [],
      Array.from({ length: 101 }, () => ({ type: 'log' })),
      [{ type: 'status' }],
      [{ type: 'log', level: 'loud' }],
      [{ type: 'log', data: 'x'.repeat(64 * 1024) }],
    ]) {
      const response = await append(runId, events);
      expect(response.status, JSON.stringify(events).slice(0, 80)).to.equal(400);
    }
    const big = Array.from({ length: 80 }, () => ({ type: 'output', data: 'x'.repeat(64 * 1024 - 40) }));
    expect((await append(runId, big)).status).to.equal(201);
    expect((await append(runId, big)).status).to.equal(201);
    const over = await append(runId, big);
    expect(over.status).to.equal(413);
    expect(over.body.code).to.equal('run_event_limit_exceeded');
    // Status events are not counted: the run can still finish.
    expect(
      (await api(app, worker, 'POST', `/api/runs/${runId}/complete`, { status: 'succeeded' })).status,
    ).to.equal(200);
  });

  it('streams the backlog, then live events from either instance, with heartbeats, and resumes after Last-Event-ID', async () => {
    const runId = await runningRun();
    await append(runId, [{ type: 'log', message: 'one' }]);
    const first = await stream(runId);
    expect(first.status).to.equal(200);
    expect(first.contentType).to.match(/^text\/event-stream/);
    const backlog = await first.waitForFrames(3);
    expect(backlog.map((f) => [f.id, f.event])).to.deep.equal([
      ['1', 'status'],
      ['2', 'status'],
      ['3', 'log'],
    ]);
    expect(JSON.parse(backlog[2]?.data ?? '')).to.deep.include({ seq: 3, type: 'log', message: 'one' });

    const viaOther = await append(runId, [{ type: 'log', message: 'two' }], worker, other);
    expect(viaOther.status, JSON.stringify(viaOther.body)).to.equal(201);
    expect((await first.waitForFrames(4))[3]).to.deep.include({ id: '4', event: 'log' });
    await first.waitForComments(1, 3000);
    await first.close();

    await append(runId, [
      { type: 'progress', data: 0.5 },
      { type: 'log', message: 'three' },
    ]);
    const resumed = await stream(runId, { 'last-event-id': '4' }, '', other);
    const again = await resumed.waitForFrames(2);
    expect(again.map((f) => f.id)).to.deep.equal(['5', '6']);

    await api(app, worker, 'POST', `/api/runs/${runId}/complete`, { status: 'succeeded' });
    const ended = await resumed.waitForClose();
    expect(ended.map((f) => [f.id, f.event])).to.deep.equal([
      ['5', 'progress'],
      ['6', 'log'],
      ['7', 'status'],
      [undefined, 'end'],
    ]);
    expect(JSON.parse(ended[2]?.data ?? '').data).to.deep.equal({
      status: 'succeeded',
      attempt: 1,
      error: null,
    });

    // A finished run's stream sends what is left, then ends at once.
    const late = await stream(runId, {}, '?after=6');
    expect((await late.waitForClose()).map((f) => f.event)).to.deep.equal(['status', 'end']);
  });

  it('answers 404 before streaming to an outsider, and 400 to a malformed Last-Event-ID', async () => {
    const runId = await runningRun();
    const outsider = await signUp(app);
    const hidden = await SseClient.open(`${app.baseUrl}/api/runs/${runId}/events/stream`, outsider.auth);
    expect(hidden.status).to.equal(404);
    expect(hidden.contentType).to.match(/problem\+json/);
    expect((await stream(runId, { 'last-event-id': 'abc' })).status).to.equal(400);
  });

  it('deletes the events with their run', async () => {
    const mission = (
      await api(app, owner, 'POST', '/api/missions', { workspace_id: workspace.id, name: 'gone' })
    ).body;
    const run = (await api(app, owner, 'POST', `/api/missions/${mission.id}/runs`, {})).body;
    await api(app, owner, 'POST', `/api/runs/${run.id}/cancel`);
    const { runEvents } = app.container.cradle;
    expect(await runEvents.list(run.id, 0, 10)).to.have.lengthOf(2);
    expect((await api(app, owner, 'DELETE', `/api/missions/${mission.id}`)).status).to.equal(204);
    expect(await runEvents.list(run.id, 0, 10)).to.deep.equal([]);
  });
});
