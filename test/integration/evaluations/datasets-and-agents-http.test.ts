import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import type { Json } from '../../support/json.ts';
import { suiteValue } from '../../support/suite-values.ts';
import { within } from '../../support/within.ts';

for (const [family, env] of [
  ['PostgreSQL', { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', FILE_STORAGE: 'postgres' }],
  ['memory', { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`datasets, and evaluations of an agent with every scorer kind, over HTTP (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Datasets');
    const agentModel = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );
    const judgeModel = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );
    before(() => {
      app.container.cradle.agentRunner.start();
      app.container.cradle.evaluationRunner.start();
    });
    after(async () => {
      await app.container.cradle.agentRunner.stop();
      await app.container.cradle.evaluationRunner.stop();
    });
    const call = (method: string, path: string, body?: unknown) => api(app, owner, method, path, body);

    async function dataset(): Promise<string> {
      const made = await call('POST', '/api/datasets', {
        workspace_id: workspace.id,
        name: `d ${Math.random()}`,
      });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      expect(made.headers.get('location')).to.equal(`/api/datasets/${made.body.id}`);
      return made.body.id;
    }

    async function upload(name: string, type: string, text: string): Promise<string> {
      const response = await app.request(`/api/files?workspace_id=${workspace.id}&name=${name}`, {
        method: 'POST',
        headers: { ...owner.auth, 'content-type': type },
        body: text,
      });
      expect(response.status).to.equal(201);
      return ((await response.json()) as { id: string }).id;
    }

    async function provider(url: string): Promise<string> {
      const made = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: `p ${Math.random()}`,
        kind: 'openai',
        base_url: `${url}/v1`,
        api_key: 'sk-test-key-1234',
      });
      expect(made.status).to.equal(201);
      return made.body.id;
    }

    it('adds items (1 to 1,000), lists them in order, imports NDJSON and CSV, deletes one', async () => {
      const id = await dataset();
      const added = await call('POST', `/api/datasets/${id}/items`, {
        items: [
          { input: 'a', expected: 1 },
          { input: { q: 'ü 🎉' }, metadata: { tag: 'x' } },
        ],
      });
      expect(added.status).to.equal(201);
      expect(added.body).to.deep.equal({ count: 2 });
      const tooMany = await call('POST', `/api/datasets/${id}/items`, {
        items: Array.from({ length: 1001 }, () => ({ input: 1 })),
      });
      expect(tooMany.status).to.equal(400);
      expect((await call('POST', `/api/datasets/${id}/items`, { items: [{ input: null }] })).status).to.equal(
        400,
      );
      const ndjson = await upload(
        'items.ndjson',
        'application/x-ndjson',
        '{"input":{"n":1},"expected":2}\n\n{"input":"x"}\n',
      );
      expect((await call('POST', `/api/datasets/${id}/imports`, { file_id: ndjson })).body).to.deep.equal({
        count: 2,
      });
      const csv = await upload(
        'items.csv',
        'text/csv',
        'input,expected\n"{""n"": 3}",6\nplain text,"multi\nline"\n"[1,2]",\n',
      );
      expect((await call('POST', `/api/datasets/${id}/imports`, { file_id: csv })).body).to.deep.equal({
        count: 3,
      });
      const broken = await upload('broken.ndjson', 'application/x-ndjson', '{"input":1}\nnot json\n');
      const refused = await call('POST', `/api/datasets/${id}/imports`, { file_id: broken });
      expect(refused.status).to.equal(400);
      expect(refused.body.detail).to.match(/line 2/);
      const page = await call('GET', `/api/datasets/${id}/items?limit=200`);
      expect(page.body.items.map((i: Json) => [i.input, i.expected])).to.deep.equal([
        ['a', 1],
        [{ q: 'ü 🎉' }, null],
        [{ n: 1 }, 2],
        ['x', null],
        [{ n: 3 }, 6],
        ['plain text', 'multi\nline'],
        [[1, 2], null],
      ]);
      const first = page.body.items[0].id;
      expect((await call('DELETE', `/api/dataset-items/${first}`)).status).to.equal(204);
      expect((await call('DELETE', `/api/dataset-items/${first}`)).status).to.equal(404);
      expect((await call('GET', `/api/datasets/${id}/items`)).body.items).to.have.length(6);
    });

    it("lists a workspace's datasets oldest first and its evaluations newest first, a page at a time", async () => {
      const own = (await call('POST', '/api/workspaces', { name: 'Lists' })).body.id;
      const mission = (await call('POST', '/api/missions', { workspace_id: own, name: 'm' })).body.id;
      const datasets: string[] = [];
      for (const name of ['first', 'second', 'third']) {
        const made = await call('POST', '/api/datasets', { workspace_id: own, name });
        await call('POST', `/api/datasets/${made.body.id}/items`, { items: [{ input: 1 }] });
        datasets.push(made.body.id);
      }
      const evaluations: string[] = [];
      for (const id of datasets) {
        const scorers = [{ name: 'e', kind: 'exact_match' }];
        const made = await call('POST', '/api/evaluations', {
          dataset_id: id,
          target: { mission_id: mission },
          scorers,
        });
        evaluations.push(made.body.id);
      }
      const walk = async (path: string) => {
        const pages: string[][] = [];
        for (let cursor = ''; ; ) {
          const page = await call(
            'GET',
            `${path}?workspace_id=${own}&limit=2${cursor && `&cursor=${cursor}`}`,
          );
          expect(page.status, JSON.stringify(page.body)).to.equal(200);
          pages.push(page.body.items.map((item: Json) => item.id));
          if (!page.body.next_cursor) return { pages, last: page.body.items as Json[] };
          cursor = page.body.next_cursor;
        }
      };
      expect((await walk('/api/datasets')).pages).to.deep.equal([datasets.slice(0, 2), datasets.slice(2)]);
      const listed = await walk('/api/evaluations');
      expect(listed.pages).to.deep.equal([[evaluations[2], evaluations[1]], [evaluations[0]]]);
      expect(listed.last[0]).to.deep.include({ dataset_id: datasets[0], total: 1, passed: false });
      expect(listed.last[0]?.scores).to.be.an('object');
      expect((await call('GET', '/api/evaluations')).status, 'the workspace is required').to.equal(400);
    });

    it('refuses scorers that cannot work: an invalid pattern, a schema that does not compile, a judge elsewhere', async () => {
      const id = await dataset();
      await call('POST', `/api/datasets/${id}/items`, { items: [{ input: 1 }] });
      const mission = (
        await call('POST', '/api/missions', { workspace_id: workspace.id, name: `m ${Math.random()}` })
      ).body;
      const start = (scorer: Json) =>
        call('POST', '/api/evaluations', {
          dataset_id: id,
          target: { mission_id: mission.id },
          scorers: [scorer],
        });
      const pattern = await start({ name: 'r', kind: 'regex', config: { pattern: '([a-z' } });
      expect(pattern.status).to.equal(400);
      expect(pattern.body.detail).to.match(/regular expression/);
      const schema = await start({ name: 's', kind: 'json_schema', config: { schema: { type: 'colour' } } });
      expect(schema.status).to.equal(400);
      expect(schema.body.detail).to.match(/compiles/);
      const judge = await start({
        name: 'j',
        kind: 'llm_judge',
        config: { provider_id: '00000000-0000-4000-8000-000000000000', model: 'm', rubric: 'r' },
      });
      expect(judge.status).to.equal(400);
      const none = await dataset();
      const empty = await call('POST', '/api/evaluations', {
        dataset_id: none,
        target: { mission_id: mission.id },
        scorers: [{ name: 'e', kind: 'exact_match' }],
      });
      expect(empty.status).to.equal(400);
    });

    it('evaluates a version of an agent in new threads, scores with every kind, and copies a run into a dataset', async () => {
      const agent = await call('POST', '/api/agents', {
        workspace_id: workspace.id,
        name: `agent ${Math.random()}`,
        provider_id: await provider(agentModel.url),
        model: 'fake-model',
        instructions: 'Answer.',
      });
      expect(agent.status).to.equal(201);
      const judgeId = await provider(judgeModel.url);
      agentModel.script(
        { text: ['Paris', ' 🗼'], usage: { input: 10, output: 3 } },
        { text: ['Bern'], usage: { input: 8, output: 1 } },
      );
      judgeModel.script({ text: ['{"score": 0.9, "reason": "right"}'] }, { text: ['not a score'] });
      const id = await dataset();
      await call('POST', `/api/datasets/${id}/items`, {
        items: [
          { input: { message: 'Capital of France?' }, expected: 'Paris' },
          { input: 'Capital of Switzerland?', expected: 'Zürich' },
        ],
      });
      const started = await call('POST', '/api/evaluations', {
        dataset_id: id,
        name: 'capitals',
        target: { agent_id: agent.body.id, version: 1 },
        concurrency: 1,
        scorers: [
          { name: 'contains', kind: 'contains', min_mean: 0.5 },
          { name: 'regex', kind: 'regex', config: { pattern: '^\\p{Lu}\\p{Ll}+', flags: 'i' } },
          { name: 'schema', kind: 'json_schema', config: { schema: { type: 'string', maxLength: 8 } } },
          {
            name: 'code',
            kind: 'code',
            config: { source: 'function main({ output }) { return output.length / 10; }' },
          },
          {
            name: 'judge',
            kind: 'llm_judge',
            config: { provider_id: judgeId, model: 'judge', rubric: 'Is it the capital?' },
          },
        ],
      });
      expect(started.status, JSON.stringify(started.body)).to.equal(202);
      let done: Json = {};
      await within(
        30_000,
        'the evaluation finished',
        async () => {
          done = (await call('GET', `/api/evaluations/${started.body.id}`)).body;
          return done.status !== 'running';
        },
        100,
      );
      expect(done).to.deep.include({ status: 'succeeded', total: 2, done: 2, failed: 0, passed: true });
      expect(done.target).to.deep.equal({ mission_id: null, agent_id: agent.body.id, version: 1 });
      expect(done.scores.contains).to.deep.equal({ mean: 0.5, pass_rate: 0.5 });
      expect(done.scores.regex).to.deep.equal({ mean: 1, pass_rate: 1 });
      expect(done.scores.schema).to.deep.equal({ mean: 1, pass_rate: 1 });
      expect(done.scores.code.mean).to.be.closeTo((0.8 + 0.4) / 2, 1e-9);
      expect(done.scores.judge).to.deep.equal({ mean: 0.45, pass_rate: 0.5 });
      expect(done.usage).to.deep.equal({ input_tokens: 18, output_tokens: 4 });
      const results = (await call('GET', `/api/evaluations/${started.body.id}/results`)).body.items as Json[];
      expect(results.map((r) => r.output)).to.deep.equal(['Paris 🗼', 'Bern']);
      expect(results[1]?.score_errors).to.have.key('judge');
      const run = (await call('GET', `/api/runs/${results[0]?.run_id}`)).body;
      expect(run.trigger).to.deep.include({
        type: 'evaluation',
        evaluation_id: started.body.id,
        item_id: results[0]?.item_id,
      });
      expect(run.agent).to.deep.equal({ id: agent.body.id, version: 1 });
      expect(agentModel.requests.map((r) => (r.body.messages as Json[]).at(-1)?.content)).to.deep.equal([
        'Capital of France?',
        'Capital of Switzerland?',
      ]);
      const copy = await dataset();
      const fromRun = await call('POST', `/api/datasets/${copy}/items/from-run`, { run_id: run.id });
      expect(fromRun.status).to.equal(201);
      expect(fromRun.body).to.deep.include({
        input: { message: 'Capital of France?' },
        expected: 'Paris 🗼',
      });
      const given = await call('POST', `/api/datasets/${copy}/items/from-run`, {
        run_id: run.id,
        expected: 'Paris',
      });
      expect(given.body.expected).to.equal('Paris');
    });
  });
}
