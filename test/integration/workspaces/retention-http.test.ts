import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser, workspaceOverHttp } from '../../support/http-suite.ts';

/** Issue 26, item 4: a workspace's retention over HTTP (owners), bounded, and audited. */
describe('GET/PUT /api/workspaces/{id}/retention', function () {
  this.timeout(60000);
  const app = suiteApp({ RETENTION_RUNS_DAYS: '60' });
  const owner = suiteUser(app);
  const admin = suiteUser(app);

  it('shows the defaults, takes days within bounds, refuses the rest unchanged, and audits each change', async () => {
    const workspace = await workspaceOverHttp(app, owner, 'Kept', [[admin, 'admin']]);
    const path = `/api/workspaces/${workspace.id}/retention`;
    const initial = await api(app, owner, 'GET', path);
    expect(initial.status).to.equal(200);
    expect(initial.body.defaults).to.deep.equal({
      idempotency_keys: 7,
      delivery_bodies: 30,
      runs: 60,
      files: 0,
      audit: 365,
    });
    expect(initial.body.workspace).to.deep.equal({
      idempotency_keys: null,
      delivery_bodies: null,
      runs: null,
      files: null,
      audit: null,
    });
    expect(initial.body.effective).to.deep.equal(initial.body.defaults);

    // Shorter runs, a longer audit log, files deleted after a year (the instance keeps them).
    const set = await api(app, owner, 'PUT', path, { runs: 14, audit: 730, files: 365 });
    expect(set.status, JSON.stringify(set.body)).to.equal(200);
    expect(set.body.effective).to.deep.include({ runs: 14, audit: 730, files: 365, delivery_bodies: 30 });
    expect((await api(app, owner, 'GET', path)).body).to.deep.equal(set.body);

    for (const [body, at] of [
      [{ audit: 364 }, '/audit'],
      [{ runs: 0 }, '/runs'],
      [{ runs: 3651 }, '/runs'],
      [{ runs: 1.5 }, '/runs'],
      [{ sessions: 5 }, ''],
    ] as const) {
      const refused = await api(app, owner, 'PUT', path, body);
      expect(refused.status, JSON.stringify(body)).to.equal(400);
      expect(refused.body.code).to.equal('validation_failed');
      expect(JSON.stringify(refused.body.errors)).to.include(at);
    }
    expect((await api(app, admin, 'PUT', path, { runs: 1 })).status).to.equal(403);
    expect((await api(app, owner, 'GET', path)).body).to.deep.equal(set.body);

    // The same values again change nothing and record nothing; a reset to the defaults is one more event.
    expect((await api(app, owner, 'PUT', path, { runs: 14, audit: 730, files: 365 })).status).to.equal(200);
    const reset = await api(app, owner, 'PUT', path, {});
    expect(reset.body.effective).to.deep.equal(initial.body.defaults);
    const events = await api(
      app,
      owner,
      'GET',
      `/api/workspaces/${workspace.id}/audit-events?action=retention_updated`,
    );
    expect(events.body.items.map((e: { details: unknown }) => e.details)).to.deep.equal([
      { fields: 'runs,files,audit', runs_days: null, files_days: null, audit_days: null },
      { fields: 'runs,files,audit', runs_days: 14, files_days: 365, audit_days: 730 },
    ]);
    expect(events.body.items[0]).to.deep.include({
      target: { type: 'workspace', id: workspace.id },
      actor: { type: 'user', id: owner.userId },
    });
  });
});
