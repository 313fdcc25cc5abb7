import { expect } from 'chai';
import { finishedRun } from '../../support/api.ts';
import { exportOverHttp, exportRoundTripSuite, exportText } from '../../support/exports.ts';
import type { Json } from '../../support/json.ts';

const KEY = 'sk-exported-never-0042';
const GATE = { nodes: [{ id: 'gate', kind: 'condition' }], edges: [] };

describe('agents and model providers in a workspace export, and back through an import', function () {
  this.timeout(60_000);
  const { app, owner, source, target, fake, call, post } = exportRoundTripSuite('Agents');
  before(() => app.container.cradle.agentRunner.start());
  after(() => app.container.cradle.agentRunner.stop());

  it('exports every agent version and each provider without its key; the import remaps them, keyless until PATCH', async () => {
    const provider = await post(`/api/workspaces/${source.id}/model-providers`, {
      name: 'Local model',
      kind: 'openai',
      base_url: `${fake.url}/v1`,
      api_key: KEY,
    });
    const mission = await post('/api/missions', { workspace_id: source.id, name: 'Lookup' });
    const blueprint = await post('/api/blueprints', { workspace_id: source.id, name: 'Flow', graph: GATE });
    const agent = await post('/api/agents', {
      workspace_id: source.id,
      name: 'Helper',
      description: 'helps',
      provider_id: provider.id,
      model: 'm1',
      instructions: 'Be brief.',
      tools: [{ type: 'mission', mission_id: mission.id, name: 'lookup', description: 'Looks up' }],
    });
    const patched = await call('PATCH', `/api/agents/${agent.id}`, {
      model: 'm2',
      tools: [
        { type: 'mission', mission_id: mission.id, name: 'lookup', description: 'Looks up' },
        {
          type: 'blueprint',
          blueprint_id: blueprint.id,
          name: 'flow',
          description: 'Runs',
          requires_approval: true,
        },
      ],
      settings: { max_steps: 3, temperature: 0.5 },
    });
    expect(patched.status, JSON.stringify(patched.body)).to.equal(200);

    const finished = await exportOverHttp(app, owner, source.id, { kind: 'workspace' });
    expect(finished).to.deep.include({ status: 'succeeded', rows: 4 });
    const text = await exportText(app, owner, finished);
    expect(text).not.to.include(KEY);
    expect(text).not.to.include(KEY.slice(-4));
    expect(text).not.to.include('api_key');
    const document = JSON.parse(text);
    expect(document.model_providers).to.deep.equal([
      {
        id: provider.id,
        name: 'Local model',
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        created_at: provider.created_at,
      },
    ]);
    expect(document.agents).to.have.length(1);
    expect(document.agents[0].versions.map((v: Json) => [v.version, v.model])).to.deep.equal([
      [1, 'm1'],
      [2, 'm2'],
    ]);

    const imported = await call('POST', `/api/workspaces/${target.id}/imports`, {
      file_id: finished.file_id,
    });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    expect(imported.body.created).to.deep.include({
      model_providers: 1,
      agents: 1,
      agent_versions: 2,
      missions: 1,
    });
    const [newProvider] = imported.body.model_providers;
    expect(newProvider).to.deep.include({
      workspace_id: target.id,
      name: 'Local model',
      kind: 'openai',
      base_url: `${fake.url}/v1`,
      api_key_hint: null,
    });
    expect(newProvider.id).not.to.equal(provider.id);

    const [newAgent] = (await call('GET', `/api/agents?workspace_id=${target.id}`)).body.items;
    const [newMission] = (await call('GET', `/api/missions?workspace_id=${target.id}`)).body.items;
    const [newBlueprint] = (await call('GET', `/api/blueprints?workspace_id=${target.id}`)).body.items;
    expect(newAgent).to.deep.include({ name: 'Helper', description: 'helps', version: 2, model: 'm2' });
    expect(newAgent.provider_id).to.equal(newProvider.id);
    expect(newAgent.settings).to.deep.equal({ temperature: 0.5, max_output_tokens: null, max_steps: 3 });
    expect(newAgent.tools).to.deep.equal([
      { type: 'mission', mission_id: newMission.id, name: 'lookup', description: 'Looks up' },
      {
        type: 'blueprint',
        blueprint_id: newBlueprint.id,
        name: 'flow',
        description: 'Runs',
        requires_approval: true,
      },
    ]);
    const first = (await call('GET', `/api/agents/${newAgent.id}/versions/1`)).body;
    expect(first).to.deep.include({ model: 'm1', provider_id: newProvider.id });
    expect(first.tools).to.deep.equal([
      { type: 'mission', mission_id: newMission.id, name: 'lookup', description: 'Looks up' },
    ]);

    // Without a key the imported provider's calls fail, saying how to give it one; with one they succeed.
    const thread = await post('/api/threads', { workspace_id: target.id, agent_id: newAgent.id });
    const keyless = await call('POST', `/api/threads/${thread.id}/messages`, { content: 'Hi' });
    const failed = await finishedRun(app, owner, keyless.body.run.id, 20_000);
    expect(failed.error).to.deep.include({ code: 'provider_error', status: null });
    expect((failed.error as Json).message).to.include(`PATCH /api/model-providers/${newProvider.id}`);
    expect(fake.requests).to.have.length(0);

    const keyed = await call('PATCH', `/api/model-providers/${newProvider.id}`, {
      api_key: 'sk-new-key-7777',
    });
    expect(keyed.body.api_key_hint).to.equal('7777');
    fake.script({ text: ['Hello'] });
    const again = await call('POST', `/api/threads/${thread.id}/messages`, { content: 'Hi again' });
    expect((await finishedRun(app, owner, again.body.run.id, 20_000)).status).to.equal('succeeded');
    expect(fake.requests.at(-1)?.headers.authorization).to.equal('Bearer sk-new-key-7777');
  });
});
