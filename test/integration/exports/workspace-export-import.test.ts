import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { exportOverHttp, exportText } from '../../support/exports.ts';
import { uploadRaw } from '../../support/file-requests.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import type { Json } from '../../support/json.ts';

const GATE = { nodes: [{ id: 'gate', kind: 'condition' }], edges: [] };
const runs = (blueprintId: string) => ({
  nodes: [{ id: 'sub', kind: 'blueprint', config: { blueprint_id: blueprintId } }],
  edges: [],
});

describe('a workspace exported as one JSON document and imported into another', () => {
  const app = suiteApp({ FILE_STORAGE: 'postgres' });
  const owner = suiteUser(app);
  const source = suiteWorkspace(app, owner, 'Source');
  const target = suiteWorkspace(app, owner, 'Target');
  const call = (method: string, path: string, body?: unknown) => api(app, owner, method, path, body);
  const made = {} as Record<string, Json>;

  before(async () => {
    const post = async (path: string, body: unknown) => {
      const answer = await call('POST', path, body);
      expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).to.equal(201);
      return answer.body;
    };
    made.worker = await post('/api/missions', {
      workspace_id: source.id,
      name: 'Worker',
      description: 'does the work',
      definition: { steps: ['a', 'b'] },
      policy: { max_attempts: 3, retry_backoff_seconds: 10 },
    });
    made.nightly = await post('/api/missions', { workspace_id: source.id, name: 'Nightly' });
    made.child = await post('/api/blueprints', { workspace_id: source.id, name: 'Child', graph: GATE });
    made.parent = await post('/api/blueprints', { workspace_id: source.id, name: 'Parent', graph: GATE });
    await post(`/api/blueprints/${made.parent.id}/versions`, {
      graph: runs(made.child.id),
      note: 'runs the child',
    });
    made.runner = await post('/api/missions', {
      workspace_id: source.id,
      name: 'Runner',
      blueprint: { id: made.parent.id, version: 1 },
    });
    made.trigger = await post('/api/triggers', { mission_id: made.worker.id, name: 'Hook' });
    expect((await call('PATCH', `/api/triggers/${made.trigger.id}`, { enabled: false })).status).to.equal(
      200,
    );
    made.schedule = await post('/api/schedules', {
      mission_id: made.nightly.id,
      name: 'Every night',
      cron: '0 3 * * *',
      timezone: 'Europe/Paris',
      input: { full: true },
    });
  });

  it('exports every object without a secret, and imports them with new ids, references and secrets', async () => {
    const finished = await exportOverHttp(app, owner, source.id, { kind: 'workspace' });
    expect(finished).to.deep.include({ kind: 'workspace', format: 'json', rows: 7 });
    const text = await exportText(app, owner, finished);
    expect(text).to.not.include(made.trigger.signing_secret);
    expect(text).to.not.include('signing_secret');
    const document = JSON.parse(text);
    expect(document).to.deep.include({ format: 'workspace-export', version: 1, workspace_id: source.id });
    expect(document.missions.map((m: Json) => m.name)).to.have.members(['Worker', 'Nightly', 'Runner']);
    const parent = document.blueprints.find((b: Json) => b.name === 'Parent');
    expect(parent.versions.map((v: Json) => v.version)).to.deep.equal([1, 2]);

    const imported = await call('POST', `/api/workspaces/${target.id}/imports`, {
      file_id: finished.file_id,
    });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    expect(imported.headers.get('cache-control')).to.match(/no-store/);
    expect(imported.body.created).to.deep.equal({
      missions: 3,
      blueprints: 2,
      blueprint_versions: 3,
      triggers: 1,
      schedules: 1,
      model_providers: 0,
      agents: 0,
      agent_versions: 0,
      datasets: 0,
      dataset_items: 0,
      knowledge_bases: 0,
    });

    const missions = (await call('GET', `/api/missions?workspace_id=${target.id}`)).body.items;
    const worker = missions.find((m: Json) => m.name === 'Worker');
    const nightly = missions.find((m: Json) => m.name === 'Nightly');
    expect(worker.id).to.not.equal(made.worker.id);
    expect(worker).to.deep.include({ description: 'does the work', definition: { steps: ['a', 'b'] } });
    expect(worker.policy).to.deep.equal(made.worker.policy);

    const [trigger] = imported.body.triggers;
    expect(trigger).to.deep.include({
      workspace_id: target.id,
      mission_id: worker.id,
      name: 'Hook',
      enabled: false,
    });
    expect(trigger.signing_secret).to.be.a('string').and.not.equal(made.trigger.signing_secret);
    expect(trigger.webhook_path).to.not.equal(made.trigger.webhook_path);

    const [schedule] = (await call('GET', `/api/schedules?workspace_id=${target.id}`)).body.items;
    expect(schedule).to.deep.include({
      mission_id: nightly.id,
      cron: '0 3 * * *',
      timezone: 'Europe/Paris',
      input: { full: true },
      enabled: true,
    });

    const blueprints = (await call('GET', `/api/blueprints?workspace_id=${target.id}`)).body.items;
    const newChild = blueprints.find((b: Json) => b.name === 'Child');
    const newParent = blueprints.find((b: Json) => b.name === 'Parent');
    expect(newParent.latest_version).to.equal(2);
    const latest = (await call('GET', `/api/blueprints/${newParent.id}/versions/2`)).body;
    expect(latest).to.deep.include({ graph: runs(newChild.id), note: 'runs the child' });
    // A mission running a blueprint runs the new one, at the same version.
    const runner = missions.find((m: Json) => m.name === 'Runner');
    expect(runner.blueprint).to.deep.equal({ id: newParent.id, version: 1 });
  });

  it('refuses a file that is not a workspace export, creating nothing', async () => {
    const before = (await call('GET', `/api/missions?workspace_id=${target.id}`)).body.items.length;
    for (const content of ['not json', '{"format":"workspace-export","version":1,"missions":{}}', '[]']) {
      const file = await uploadRaw(app, owner, target.id, 'bad.json', Buffer.from(content));
      const refused = await call('POST', `/api/workspaces/${target.id}/imports`, { file_id: file.body.id });
      expect(refused.status, content).to.equal(400);
      expect(refused.body.detail).to.match(/not a workspace export/);
    }
    // A document whose second object fails: the first is rolled back with it.
    const half = {
      format: 'workspace-export',
      version: 1,
      missions: [{ id: made.worker.id, name: 'Kept?', description: null, definition: null, policy: {} }],
      blueprints: [],
      triggers: [],
      schedules: [
        { mission_id: made.nightly.id, name: 's', cron: '0 3 * * *', timezone: 'UTC', enabled: true },
      ],
    };
    const file = await uploadRaw(app, owner, target.id, 'half.json', Buffer.from(JSON.stringify(half)));
    const refused = await call('POST', `/api/workspaces/${target.id}/imports`, { file_id: file.body.id });
    expect(refused.status).to.equal(400);
    expect((await call('GET', `/api/missions?workspace_id=${target.id}`)).body.items).to.have.length(before);
  });
});
