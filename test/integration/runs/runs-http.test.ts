import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';

describe('missions, runs and the worker protocol over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const owner = suiteUser(app);
  const workerA = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Runs', [[workerA, 'admin']]);

  async function newMission(definition: object = { steps: [] }) {
    const response = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'Nightly report',
      description: 'Builds the report',
      definition,
    });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body;
  }

  it('creates, reads, changes and lists missions', async () => {
    const mission = await newMission({ steps: [{ tool: 'fetch', args: { url: 'https://example.com' } }] });
    expect(mission).to.include({
      workspace_id: workspace.id,
      name: 'Nightly report',
      description: 'Builds the report',
    });
    expect(mission.definition).to.deep.equal({
      steps: [{ tool: 'fetch', args: { url: 'https://example.com' } }],
    });
    const patched = await api(app, workerA, 'PATCH', `/api/missions/${mission.id}`, {
      description: null,
      name: ' Renamed ',
    });
    expect(patched.status).to.equal(200);
    expect(patched.body).to.include({ name: 'Renamed', description: null });
    expect(patched.body.definition).to.deep.equal(mission.definition);
    expect((await api(app, owner, 'GET', `/api/missions/${mission.id}`)).body).to.deep.equal(patched.body);
    const list = await api(app, owner, 'GET', `/api/missions?workspace_id=${workspace.id}&limit=1`);
    expect(list.body.items.map((m: { id: string }) => m.id)).to.deep.equal([mission.id]);
  });

  it('refuses oversized definitions, non-object definitions and unknown fields with 400', async () => {
    const big = { blob: 'x'.repeat(70 * 1024) };
    const tooBig = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'n',
      definition: big,
    });
    expect(tooBig.status).to.equal(400);
    expect(tooBig.body.code).to.equal('validation_failed');
    for (const body of [
      { workspace_id: workspace.id, name: 'n', definition: [1, 2] },
      { workspace_id: workspace.id, name: 'n', color: 'red' },
      { workspace_id: workspace.id, name: '   ' },
    ]) {
      const response = await api(app, owner, 'POST', '/api/missions', body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
    }
  });

  it('runs a mission end to end: 202 queued, claim, heartbeat, complete, and 204 once the queue is empty', async () => {
    const mission = await newMission();
    const started = await api(app, owner, 'POST', `/api/missions/${mission.id}/runs`, {
      input: { day: '2026-11-21' },
    });
    expect(started.status).to.equal(202);
    expect(started.headers.get('location')).to.equal(`/api/runs/${started.body.id}`);
    expect(started.body).to.deep.include({
      mission_id: mission.id,
      workspace_id: workspace.id,
      status: 'queued',
      trigger: {
        type: 'manual',
        trigger_id: null,
        delivery_id: null,
        schedule_id: null,
        fire_time: null,
        evaluation_id: null,
        item_id: null,
      },
      input: { day: '2026-11-21' },
      output: null,
      error: null,
      attempt: 1,
      lease_expires_at: null,
      started_at: null,
      finished_at: null,
    });

    const claimed = await api(app, workerA, 'POST', '/api/runs/claim', {
      workspace_id: workspace.id,
      mission_ids: [mission.id],
      lease_seconds: 30,
    });
    expect(claimed.status).to.equal(200);
    expect(claimed.body).to.include({ id: started.body.id, status: 'running' });
    const leaseEnds = Date.parse(claimed.body.lease_expires_at) - Date.parse(claimed.body.started_at);
    expect(leaseEnds).to.equal(30_000);

    const beat = await api(app, workerA, 'POST', `/api/runs/${started.body.id}/heartbeat`, {
      lease_seconds: 120,
    });
    expect(beat.status).to.equal(200);
    expect(Date.parse(beat.body.lease_expires_at)).to.be.greaterThan(
      Date.parse(claimed.body.lease_expires_at),
    );

    // The owner is admin enough, but does not hold the lease: only the claiming session may report.
    const stranger = await api(app, owner, 'POST', `/api/runs/${started.body.id}/complete`, {
      status: 'succeeded',
    });
    expect(stranger.status).to.equal(409);
    expect(stranger.body.code).to.equal('conflict');

    const done = await api(app, workerA, 'POST', `/api/runs/${started.body.id}/complete`, {
      status: 'succeeded',
      output: { pages: 3 },
    });
    expect(done.status).to.equal(200);
    expect(done.body).to.deep.include({
      status: 'succeeded',
      output: { pages: 3 },
      error: null,
      lease_expires_at: null,
    });
    expect(done.body.finished_at).to.be.a('string');
    expect((await api(app, owner, 'GET', `/api/runs/${started.body.id}`)).body).to.deep.equal({
      ...done.body,
      usage: null,
    });

    const again = await api(app, workerA, 'POST', `/api/runs/${started.body.id}/complete`, {
      status: 'failed',
    });
    expect(again.status).to.equal(409);
    const empty = await api(app, workerA, 'POST', '/api/runs/claim', {
      workspace_id: workspace.id,
      mission_ids: [mission.id],
    });
    expect(empty.status).to.equal(204);
  });

  it('records a failure with its error; a succeeded run carries no error (400)', async () => {
    const mission = await newMission();
    const run = (await api(app, owner, 'POST', `/api/missions/${mission.id}/runs`, {})).body;
    await api(app, workerA, 'POST', '/api/runs/claim', {
      workspace_id: workspace.id,
      mission_ids: [mission.id],
    });
    const wrong = await api(app, workerA, 'POST', `/api/runs/${run.id}/complete`, {
      status: 'succeeded',
      error: { message: 'boom' },
    });
    expect(wrong.status).to.equal(400);
    const failed = await api(app, workerA, 'POST', `/api/runs/${run.id}/complete`, {
      status: 'failed',
      error: { code: 'tool_timeout', message: 'the fetch tool timed out' },
    });
    expect(failed.body).to.deep.include({
      status: 'failed',
      error: { code: 'tool_timeout', message: 'the fetch tool timed out' },
    });
  });

  it('cancels queued and running runs at once; the worker then gets 409 run_cancelled; a finished run cannot be cancelled', async () => {
    const mission = await newMission();
    const queued = (await api(app, owner, 'POST', `/api/missions/${mission.id}/runs`, {})).body;
    const cancelled = await api(app, owner, 'POST', `/api/runs/${queued.id}/cancel`);
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body.status).to.equal('cancelled');
    expect((await api(app, owner, 'POST', `/api/runs/${queued.id}/cancel`)).status).to.equal(409);

    const running = (await api(app, owner, 'POST', `/api/missions/${mission.id}/runs`, {})).body;
    await api(app, workerA, 'POST', '/api/runs/claim', {
      workspace_id: workspace.id,
      mission_ids: [mission.id],
    });
    expect((await api(app, workerA, 'POST', `/api/runs/${running.id}/cancel`)).body.status).to.equal(
      'cancelled',
    );
    for (const [path, body] of [
      ['heartbeat', {}],
      ['complete', { status: 'succeeded' }],
    ] as const) {
      const answer = await api(app, workerA, 'POST', `/api/runs/${running.id}/${path}`, body);
      expect(answer.status, path).to.equal(409);
      expect(answer.body.code, path).to.equal('run_cancelled');
    }
  });

  it('will not delete a mission while it has active runs', async () => {
    const mission = await newMission();
    const run = (await api(app, owner, 'POST', `/api/missions/${mission.id}/runs`, {})).body;
    expect((await api(app, owner, 'DELETE', `/api/missions/${mission.id}`)).status).to.equal(409);
    await api(app, owner, 'POST', `/api/runs/${run.id}/cancel`);
    expect((await api(app, owner, 'DELETE', `/api/missions/${mission.id}`)).status).to.equal(204);
    expect((await api(app, owner, 'GET', `/api/runs/${run.id}`)).status).to.equal(404);
    expect((await api(app, owner, 'GET', `/api/missions/${mission.id}`)).status).to.equal(404);
  });

  it('lists runs newest first with filters and cursor pagination', async () => {
    const mission = await newMission();
    const other = await newMission();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const target = i === 2 ? other : mission;
      ids.push((await api(app, owner, 'POST', `/api/missions/${target.id}/runs`, { input: { i } })).body.id);
    }
    await api(app, owner, 'POST', `/api/runs/${ids[4]}/cancel`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/runs?workspace_id=${workspace.id}&mission_id=${mission.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await api(app, owner, 'GET', query);
      expect(response.status).to.equal(200);
      expect(response.body.items.length).to.be.at.most(2);
      seen.push(...response.body.items.map((r: { id: string }) => r.id));
      cursor = response.body.next_cursor;
    } while (cursor);
    expect(seen).to.deep.equal([ids[4], ids[3], ids[1], ids[0]]);
    const cancelled = await api(
      app,
      owner,
      'GET',
      `/api/runs?workspace_id=${workspace.id}&mission_id=${mission.id}&status=cancelled`,
    );
    expect(cancelled.body.items.map((r: { id: string }) => r.id)).to.deep.equal([ids[4]]);
    expect(cancelled.body.next_cursor).to.equal(null);

    for (const bad of ['limit=0', 'limit=201', 'cursor=not-a-cursor', 'status=done', 'color=red']) {
      const response = await api(app, owner, 'GET', `/api/runs?workspace_id=${workspace.id}&${bad}`);
      expect(response.status, bad).to.equal(400);
    }
    expect((await api(app, owner, 'GET', '/api/runs')).status).to.equal(400);
  });
});
