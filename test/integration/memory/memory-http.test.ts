import { expect } from 'chai';
import { api, withKey } from '../../support/api.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { signUp } from '../../support/test-app.ts';

for (const [family, env] of [
  ['PostgreSQL', {}],
  ['memory', { PERSISTENCE: 'memory' }],
] as const) {
  describe(`memory items over HTTP (${family})`, () => {
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const member = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Memory', [[member, 'member']]);
    const put = (body: Record<string, unknown>) =>
      api(app, member, 'PUT', '/api/memory/items', { workspace_id: workspace.id, ...body });
    const address = (namespace: string, key: string) =>
      `/api/memory/items?workspace_id=${workspace.id}&namespace=${namespace}&key=${encodeURIComponent(key)}`;

    it('creates (201), replaces (200), reads, searches and deletes (204) an item', async () => {
      const ns = [`n${Math.random().toString(36).slice(2, 8)}`, 'u1'];
      const made = await put({ namespace: ns, key: 'diet', value: { likes: 'green tea', topic: 'food' } });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      expect(made.body).to.include({ key: 'diet', expires_at: null });
      expect(made.body.namespace).to.deep.equal(ns);
      const again = await put({ namespace: ns, key: 'diet', value: { likes: 'coffee', topic: 'food' } });
      expect(again.status).to.equal(200);
      expect(again.body.created_at).to.equal(made.body.created_at);
      const read = await api(app, owner, 'GET', address(ns.join('.'), 'diet'));
      expect(read.status).to.equal(200);
      expect(read.body.value).to.deep.equal({ likes: 'coffee', topic: 'food' });
      await put({ namespace: [ns[0] as string, 'u2'], key: 'trip', value: { plan: 'trains to Lisbon' } });
      const search = (body: Record<string, unknown>) =>
        api(app, member, 'POST', '/api/memory/search', { workspace_id: workspace.id, ...body });
      const all = await search({ namespace_prefix: [ns[0]] });
      expect(all.status).to.equal(200);
      expect(all.body.items.map((i: { key: string }) => i.key)).to.deep.equal(['trip', 'diet']);
      const filtered = await search({ namespace_prefix: [ns[0]], filter: { topic: 'food' } });
      expect(filtered.body.items.map((i: { key: string }) => i.key)).to.deep.equal(['diet']);
      const found = await search({ namespace_prefix: [ns[0]], query: 'Lisbon', limit: 5 });
      expect(found.body.items.map((i: { key: string }) => i.key)).to.deep.equal(['trip']);
      const gone = await api(app, member, 'DELETE', address(ns.join('.'), 'diet'));
      expect(gone.status).to.equal(204);
      expect((await api(app, member, 'GET', address(ns.join('.'), 'diet'))).status).to.equal(404);
      expect((await api(app, member, 'DELETE', address(ns.join('.'), 'diet'))).status).to.equal(404);
    });

    it('answers an item past its TTL as gone at once', async () => {
      const made = await put({ namespace: ['ttl'], key: 'soon', value: { a: 1 }, ttl_seconds: 1 });
      expect(made.status).to.equal(201);
      expect(Date.parse(made.body.expires_at) - Date.parse(made.body.updated_at)).to.equal(1000);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await api(app, member, 'GET', address('ttl', 'soon'))).status).to.equal(404);
    });

    it('refuses bad namespaces, values and queries with 400, storing nothing', async () => {
      const cases: Record<string, unknown>[] = [
        { namespace: [], key: 'k', value: {} },
        { namespace: Array.from({ length: 11 }, () => 'a'), key: 'k', value: {} },
        { namespace: ['bad label'], key: 'k', value: {} },
        { namespace: ['x'.repeat(65)], key: 'k', value: {} },
        { namespace: ['ok'], key: 'k', value: [1, 2] },
        { namespace: ['ok'], key: 'k', value: 'text' },
        { namespace: ['ok'], key: 'k', value: { big: 'x'.repeat(64 * 1024) } },
        { namespace: ['ok'], key: '', value: {} },
        { namespace: ['ok'], key: 'k', value: {}, ttl_seconds: 0 },
        { namespace: ['ok'], key: 'k', value: {}, extra: true },
      ];
      for (const body of cases) {
        const answer = await put(body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).to.equal(400);
      }
      expect((await api(app, member, 'GET', address('ok', 'k'))).status).to.equal(404);
      const badQuery = await api(app, member, 'GET', address('a..b', 'k'));
      expect(badQuery.status).to.equal(400);
      const badSearch = await api(app, member, 'POST', '/api/memory/search', {
        workspace_id: workspace.id,
        namespace_prefix: ['ok'],
        limit: 1000,
      });
      expect(badSearch.status).to.equal(400);
    });

    it('keeps workspaces apart: an outsider and another workspace key get 404', async () => {
      const outsider = await signUp(app);
      await put({ namespace: ['private'], key: 'k', value: { secret: 'no' } });
      expect((await api(app, outsider, 'GET', address('private', 'k'))).status).to.equal(404);
      const theirs = await api(app, outsider, 'POST', '/api/workspaces', { name: 'Theirs' });
      const key = await api(app, outsider, 'POST', `/api/workspaces/${theirs.body.id}/api-keys`, {
        name: 'k',
        role: 'admin',
      });
      expect((await api(app, withKey(key.body.key), 'GET', address('private', 'k'))).status).to.equal(404);
    });
  });
}
