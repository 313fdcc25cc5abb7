import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { api } from '../../support/api.ts';
import { exportOverHttp, exportText } from '../../support/exports.ts';
import { suiteApp, suiteMission, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import type { Json } from '../../support/json.ts';

describe('exports over HTTP: runs and audit events', () => {
  const app = suiteApp({ FILE_STORAGE: 'postgres' });
  const owner = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Exports');
  const mission = suiteMission(app, owner, workspace, 'Exported');
  const other = suiteMission(app, owner, workspace, 'Other');
  const started: Json[] = [];

  before(async () => {
    for (let i = 0; i < 5; i++) {
      const target = i === 3 ? other : mission;
      const input = { n: i, note: i === 1 ? '=HYPERLINK("http://evil.example")' : `run ${i}` };
      const run = await api(app, owner, 'POST', `/api/missions/${target.id}/runs`, { input });
      expect(run.status).to.equal(202);
      started.push(run.body);
    }
    const cancelled = await api(app, owner, 'POST', `/api/runs/${started[4].id}/cancel`);
    expect(cancelled.status).to.equal(200);
  });

  /** The run as GET /api/runs/{id} shows it, without `usage` (which only that route has). */
  const runOf = async (id: string) => {
    const { usage, ...run } = (await api(app, owner, 'GET', `/api/runs/${id}`)).body;
    expect(usage).to.equal(null);
    return run;
  };

  it('exports every run as NDJSON, oldest first, each line the run as GET /api/runs/{id} shows it (without usage)', async () => {
    const finished = await exportOverHttp(app, owner, workspace.id, { kind: 'runs', format: 'ndjson' });
    expect(finished).to.deep.include({ kind: 'runs', format: 'ndjson', rows: 5, error: null });
    const lines = (await exportText(app, owner, finished)).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).to.deep.equal(
      await Promise.all(started.map((run) => runOf(run.id))),
    );
    const file = (await api(app, owner, 'GET', `/api/files/${finished.file_id}`)).body;
    expect(file).to.deep.include({ workspace_id: workspace.id, created_by: owner.userId });
    expect(file.content_type).to.equal('application/x-ndjson');
    expect(file.name).to.match(/^runs-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.ndjson$/);
  });

  it('exports filtered runs as CSV with a header row, JSON cells and formulas defused', async () => {
    const finished = await exportOverHttp(app, owner, workspace.id, {
      kind: 'runs',
      format: 'csv',
      filter: { mission_id: mission.id, status: 'queued' },
    });
    expect(finished.rows).to.equal(3);
    const rows: Record<string, string>[] = parse(await exportText(app, owner, finished), { columns: true });
    expect(rows.map((row) => row.id)).to.deep.equal([started[0].id, started[1].id, started[2].id]);
    expect(rows[0]).to.deep.include({ mission_id: mission.id, status: 'queued', trigger_type: 'manual' });
    expect(JSON.parse(rows[0]?.input as string)).to.deep.equal({ n: 0, note: 'run 0' });
    // The input is JSON, so its cell starts with `{`: only a cell that itself starts like a formula changes.
    expect(JSON.parse(rows[1]?.input as string).note).to.equal('=HYPERLINK("http://evil.example")');
  });

  it('exports runs created in a window only, and an empty selection as the header alone', async () => {
    const after = (await runOf(started[2].id)).created_at;
    const window = await exportOverHttp(app, owner, workspace.id, {
      kind: 'runs',
      format: 'ndjson',
      filter: { created_after: after },
    });
    const ids = (await exportText(app, owner, window))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(ids).to.deep.equal(started.slice(2).map((run) => run.id));
    const none = await exportOverHttp(app, owner, workspace.id, {
      kind: 'runs',
      format: 'csv',
      filter: { created_before: '2000-01-01T00:00:00Z' },
    });
    expect(none.rows).to.equal(0);
    expect((await exportText(app, owner, none)).split('\n')[0]).to.match(
      /^id,mission_id,workspace_id,status,/,
    );
  });

  it('exports the audit log through the filters of GET /api/workspaces/{id}/audit-events', async () => {
    for (const name of ['first', 'second'])
      expect(
        (await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/api-keys`, { name, role: 'member' }))
          .status,
      ).to.equal(201);
    const listed = (
      await api(app, owner, 'GET', `/api/workspaces/${workspace.id}/audit-events?action=api_key_created`)
    ).body.items;
    expect(listed).to.have.length(2);
    const ndjson = await exportOverHttp(app, owner, workspace.id, {
      kind: 'audit_events',
      format: 'ndjson',
      filter: { action: 'api_key_created' },
    });
    const lines = (await exportText(app, owner, ndjson)).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).to.deep.equal(listed);
    const csv = await exportOverHttp(app, owner, workspace.id, { kind: 'audit_events', format: 'csv' });
    const rows: Record<string, string>[] = parse(await exportText(app, owner, csv), { columns: true });
    const all = (await api(app, owner, 'GET', `/api/workspaces/${workspace.id}/audit-events`)).body.items;
    expect(rows.map((row) => row.id)).to.deep.equal(all.map((event: Json) => event.id));
    expect(rows[0]).to.deep.include({ action: all[0].action, actor_type: 'user', actor_id: owner.userId });
  });

  it('refuses a malformed request and changes nothing', async () => {
    for (const body of [
      { kind: 'runs' },
      { kind: 'runs', format: 'json' },
      { kind: 'workspace', format: 'csv' },
      { kind: 'runs', format: 'csv', filter: { status: 'lost' } },
      { kind: 'audit_events', format: 'csv', filter: { mission_id: mission.id } },
      { kind: 'everything' },
    ]) {
      const refused = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/exports`, body);
      expect(refused.status, JSON.stringify(body)).to.equal(400);
      expect(refused.body.code).to.equal('validation_failed');
    }
  });
});
