import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';

const graph = {
  nodes: [
    { id: 'hook', kind: 'code', config: { source: 'function main(input) { return input.body }' } },
    { id: 'gate', kind: 'condition' },
  ],
  edges: [{ from: 'hook', to: 'gate' }],
};
const next = {
  ...graph,
  nodes: [
    ...graph.nodes,
    { id: 'send', kind: 'http', config: { method: 'POST', url: 'https://example.com/in' } },
  ],
  edges: [...graph.edges, { from: 'gate', to: 'send', when: 'steps.hook.output.ok' }],
};

for (const [family, env] of [
  ['PostgreSQL', {}],
  ['memory', { PERSISTENCE: 'memory' }],
] as const) {
  describe(`blueprints over HTTP (${family})`, () => {
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const member = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Flows', [[member, 'member']]);

    const create = (body: object = {}) =>
      api(app, owner, 'POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Relay',
        graph,
        ...body,
      });

    it('creates a blueprint and versions; reads, lists, diffs, renames and deletes them', async () => {
      const created = await create({ description: 'in and out' });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const id = created.body.id;
      expect(created.headers.get('location')).to.equal(`/api/blueprints/${id}`);
      expect(created.body).to.deep.include({
        workspace_id: workspace.id,
        name: 'Relay',
        description: 'in and out',
        latest_version: 1,
      });
      expect((await api(app, member, 'GET', `/api/blueprints/${id}`)).body).to.deep.equal(created.body);

      const v1 = await api(app, member, 'GET', `/api/blueprints/${id}/versions/1`);
      expect(v1.body).to.deep.include({
        blueprint_id: id,
        version: 1,
        graph,
        note: null,
        created_by: owner.userId,
      });
      expect(v1.body.digest).to.match(/^[0-9a-f]{64}$/);

      const v2 = await api(app, owner, 'POST', `/api/blueprints/${id}/versions`, {
        graph: next,
        base_version: 1,
        note: 'send',
      });
      expect(v2.status, JSON.stringify(v2.body)).to.equal(201);
      expect(v2.headers.get('location')).to.equal(`/api/blueprints/${id}/versions/2`);
      expect(v2.body).to.deep.include({ version: 2, graph: next, note: 'send' });
      // The digest is of the canonical JSON: key order does not change it.
      const reordered = { edges: next.edges, nodes: next.nodes };
      const v3 = await api(app, owner, 'POST', `/api/blueprints/${id}/versions`, { graph: reordered });
      expect(v3.body.digest).to.equal(v2.body.digest);
      expect(v3.body.digest).to.not.equal(v1.body.digest);

      const stale = await api(app, owner, 'POST', `/api/blueprints/${id}/versions`, {
        graph,
        base_version: 2,
      });
      expect(stale.status).to.equal(409);
      expect(stale.body.code).to.equal('conflict');

      const diff = await api(app, member, 'GET', `/api/blueprints/${id}/versions/1/diff/2`);
      expect(diff.body).to.deep.equal({
        from: 1,
        to: 2,
        patch: [
          { op: 'add', path: '/nodes/-', value: next.nodes[2] },
          { op: 'add', path: '/edges/-', value: next.edges[1] },
        ],
      });
      expect((await api(app, member, 'GET', `/api/blueprints/${id}/versions/1/diff/9`)).status).to.equal(404);
      const page = await api(app, member, 'GET', `/api/blueprints/${id}/versions?limit=2`);
      expect(page.body.items.map((v: { version: number }) => v.version)).to.deep.equal([1, 2]);
      const rest = await api(
        app,
        member,
        'GET',
        `/api/blueprints/${id}/versions?limit=2&cursor=${page.body.next_cursor}`,
      );
      expect(rest.body).to.deep.include({ next_cursor: null });
      expect(rest.body.items.map((v: { version: number }) => v.version)).to.deep.equal([3]);
      const list = await api(app, member, 'GET', `/api/blueprints?workspace_id=${workspace.id}`);
      expect(list.body.items.map((b: { id: string }) => b.id)).to.include(id);

      const renamed = await api(app, owner, 'PATCH', `/api/blueprints/${id}`, {
        name: 'Relay 2',
        description: null,
      });
      expect(renamed.body).to.deep.include({ name: 'Relay 2', description: null, latest_version: 3 });
      expect((await api(app, member, 'PATCH', `/api/blueprints/${id}`, { name: 'x' })).status).to.equal(403);
      expect((await api(app, owner, 'DELETE', `/api/blueprints/${id}`)).status).to.equal(204);
      expect((await api(app, owner, 'GET', `/api/blueprints/${id}/versions/1`)).status).to.equal(404);
    });

    it('reports every problem of a graph in one 400, from the validator and on creation, storing nothing', async () => {
      const bad = {
        nodes: [
          { id: 'a', kind: 'code', config: { source: 'function main(){}' }, input: 'a.(' },
          { id: 'b', kind: 'wait', config: {} },
          { id: 'c', kind: 'task', config: { task_type: 'x' } },
          { id: 'd', kind: 'condition', retry: { max_attempts: 2, extra: 1 } },
        ],
        edges: [
          { from: 'b', to: 'c' },
          { from: 'c', to: 'b' },
          { from: 'a', to: 'nowhere' },
        ],
      };
      const expected = [
        {
          path: '/graph/nodes/0/input',
          message: 'does not parse: Expected ")" before end of expression (at character 3)',
        },
        { path: '/graph/nodes/1/config', message: 'must hold exactly one of seconds and until' },
        { path: '/graph/nodes/3/retry/extra', message: 'is not an allowed property' },
        { path: '/graph/edges/2/to', message: 'must name a node of the graph' },
        { path: '/graph/edges/0', message: 'closes a cycle' },
      ];
      const checked = await api(app, member, 'POST', '/api/blueprints/validate', { graph: bad });
      expect(checked.status).to.equal(400);
      expect(checked.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(checked.body.code).to.equal('validation_failed');
      expect(checked.body.errors).to.deep.equal(expected);
      expect((await api(app, member, 'POST', '/api/blueprints/validate', { graph })).body).to.deep.equal({
        valid: true,
      });

      const before = await api(app, owner, 'GET', `/api/blueprints?workspace_id=${workspace.id}`);
      const refused = await create({ name: 'Broken', graph: bad });
      expect(refused.status).to.equal(400);
      expect(refused.body.errors).to.deep.equal(expected);
      const after = await api(app, owner, 'GET', `/api/blueprints?workspace_id=${workspace.id}`);
      expect(after.body.items).to.deep.equal(before.body.items);

      expect((await create({ extra: 1 })).status).to.equal(400);
      expect((await api(app, member, 'POST', '/api/blueprints/validate', { graph: [] })).status).to.equal(
        400,
      );
      expect((await api(app, owner, 'GET', '/api/blueprints/x/versions/1')).status).to.equal(400);
    });

    it('takes a graph of up to 256 KiB, beyond the default JSON body limit', async () => {
      const nodes = Array.from({ length: 400 }, (_, i) => ({
        id: `n${i}`,
        kind: 'code',
        config: { source: `function main(input) { return input } // ${'x'.repeat(500)}` },
      }));
      const big = { nodes, edges: [] };
      expect(JSON.stringify(big).length).to.be.within(200_000, 256 * 1024);
      const created = await create({ name: 'Big', graph: big });
      expect(created.status, JSON.stringify(created.body).slice(0, 300)).to.equal(201);
      const tooMany = {
        nodes: [...nodes, ...nodes.map((n) => ({ ...n, id: `m${n.id}` }))].slice(0, 501),
        edges: [],
      };
      const refused = await create({ name: 'Too big', graph: tooMany });
      expect(refused.status).to.be.oneOf([400, 413]);
    });
  });
}
