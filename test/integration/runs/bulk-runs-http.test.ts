import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';

describe('POST /api/runs/bulk: cancel and replay many runs over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const owner = suiteUser(app);
  const member = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Bulk', [[member, 'member']]);

  async function queuedRuns(count: number): Promise<{ missionId: string; ids: string[] }> {
    const mission = await api(app, owner, 'POST', '/api/missions', {
      workspace_id: workspace.id,
      name: 'bulk',
    });
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const run = await api(app, owner, 'POST', `/api/missions/${mission.body.id}/runs`, {
        input: { index },
      });
      expect(run.status).to.equal(202);
      ids.push(run.body.id);
    }
    return { missionId: mission.body.id, ids };
  }

  it('cancels named runs with one result each, then replays them by filter', async () => {
    const { missionId, ids } = await queuedRuns(3);
    const missing = randomUUID();
    const cancel = await api(app, owner, 'POST', '/api/runs/bulk', {
      action: 'cancel',
      ids: [...ids, missing],
    });
    expect(cancel.status, JSON.stringify(cancel.body)).to.equal(200);
    expect(cancel.body).to.include({ action: 'cancel', succeeded: 3, failed: 1 });
    expect(cancel.body.results.map((r: { id: string }) => r.id)).to.deep.equal([...ids, missing]);
    expect(cancel.body.results[0]).to.deep.include({ status: 200, error: null });
    expect(cancel.body.results[0].run.status).to.equal('cancelled');
    expect(cancel.body.results[3]).to.deep.include({ status: 404, run: null });
    expect(cancel.body.results[3].error.code).to.equal('not_found');

    const again = await api(app, owner, 'POST', '/api/runs/bulk', { action: 'cancel', ids: [ids[0]] });
    expect(again.body.results[0]).to.deep.include({ status: 409 });
    expect(again.body.results[0].error.code).to.equal('conflict');

    const filter = { workspace_id: workspace.id, mission_id: missionId, status: 'cancelled' };
    const replay = await api(app, owner, 'POST', '/api/runs/bulk', { action: 'replay', filter });
    expect(replay.status).to.equal(200);
    expect(replay.body).to.include({ succeeded: 3, failed: 0 });
    for (const result of replay.body.results) {
      expect(result.status).to.equal(202);
      expect(result.run).to.include({ status: 'queued', replay_of: result.id, mission_id: missionId });
    }
    const queued = await api(
      app,
      owner,
      'GET',
      `/api/runs?workspace_id=${workspace.id}&mission_id=${missionId}&status=queued`,
    );
    expect(queued.body.items).to.have.length(3);
  });

  it('answers a member per run (403) and refuses a member filter as a whole; changes nothing', async () => {
    const { ids } = await queuedRuns(1);
    const named = await api(app, member, 'POST', '/api/runs/bulk', { action: 'cancel', ids });
    expect(named.status).to.equal(200);
    expect(named.body.results[0]).to.deep.include({ status: 403, run: null });
    const filtered = await api(app, member, 'POST', '/api/runs/bulk', {
      action: 'cancel',
      filter: { workspace_id: workspace.id },
    });
    expect(filtered.status).to.equal(403);
    expect((await api(app, owner, 'GET', `/api/runs/${ids[0]}`)).body.status).to.equal('queued');
  });

  it('refuses bad requests with 400: both or neither of ids and filter, 501 ids, repeats, unknown actions', async () => {
    const id = randomUUID();
    const bodies = [
      { action: 'cancel' },
      { action: 'cancel', ids: [id], filter: { workspace_id: workspace.id } },
      { action: 'cancel', ids: Array.from({ length: 501 }, () => randomUUID()) },
      { action: 'cancel', ids: [id, id] },
      { action: 'cancel', ids: [] },
      { action: 'delete', ids: [id] },
      { action: 'cancel', filter: { status: 'queued' } },
      { action: 'cancel', filter: { workspace_id: workspace.id, created_after: 'yesterday' } },
    ];
    for (const body of bodies) {
      const response = await api(app, owner, 'POST', '/api/runs/bulk', body);
      expect(response.status, JSON.stringify(body).slice(0, 120)).to.equal(400);
      expect(response.body.code).to.equal('validation_failed');
    }
  });

  it('lists runs created in a time window', async () => {
    const before = new Date().toISOString();
    const { missionId, ids } = await queuedRuns(2);
    const path = `/api/runs?workspace_id=${workspace.id}&mission_id=${missionId}`;
    const after = await api(app, owner, 'GET', `${path}&created_after=${before}`);
    expect(after.body.items.map((r: { id: string }) => r.id)).to.deep.equal([...ids].reverse());
    const earlier = await api(app, owner, 'GET', `${path}&created_before=${before}`);
    expect(earlier.body.items).to.deep.equal([]);
  });
});
