import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { pdfOf } from '../../support/pdf.ts';
import { suiteValue } from '../../support/suite-values.ts';
import { within } from '../../support/within.ts';

type Json = Record<string, unknown>;

for (const [family, env] of [
  ['PostgreSQL', { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', FILE_STORAGE: 'postgres' }],
  ['memory', { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`knowledge bases over HTTP (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Knowledge');
    const fake = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );
    before(() => app.container.cradle.ingestionRunner.start());
    after(() => app.container.cradle.ingestionRunner.stop());

    const call = (method: string, path: string, body?: unknown) => api(app, owner, method, path, body);

    async function provider(kind: 'openai' | 'anthropic'): Promise<string> {
      const made = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: `fake ${kind} ${Math.random()}`,
        kind,
        base_url: kind === 'openai' ? `${fake.url}/v1` : fake.url,
        api_key: 'sk-knowledge-key-1234',
      });
      expect(made.status).to.equal(201);
      return made.body.id;
    }

    async function knowledgeBase(extra: Json = {}): Promise<string> {
      const made = await call('POST', '/api/knowledge-bases', {
        workspace_id: workspace.id,
        name: 'Handbook',
        ...extra,
      });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      expect(made.headers.get('location')).to.equal(`/api/knowledge-bases/${made.body.id}`);
      return made.body.id;
    }

    async function ready(documentId: string): Promise<Json> {
      let document: Json = {};
      await within(15_000, `document ${documentId} ingested`, async () => {
        document = (await call('GET', `/api/documents/${documentId}`)).body;
        return document.status !== 'processing';
      });
      return document;
    }

    async function upload(name: string, type: string, bytes: Uint8Array | string): Promise<string> {
      const response = await app.request(
        `/api/files?workspace_id=${workspace.id}&name=${encodeURIComponent(name)}`,
        {
          method: 'POST',
          headers: { ...owner.auth, 'content-type': type },
          body: bytes,
        },
      );
      expect(response.status).to.equal(201);
      return ((await response.json()) as { id: string }).id;
    }

    async function addDocument(baseId: string, body: Json): Promise<Json> {
      const added = await call('POST', `/api/knowledge-bases/${baseId}/documents`, body);
      expect(added.status, JSON.stringify(added.body)).to.equal(202);
      expect(added.body.status).to.equal('processing');
      expect(added.headers.get('location')).to.equal(`/api/documents/${added.body.id}`);
      return ready(added.body.id);
    }

    const search = (baseId: string, body: Json) =>
      call('POST', `/api/knowledge-bases/${baseId}/search`, body);

    it('reads a PDF, HTML, Markdown and JSON file and text into chunks, and finds them by keyword', async () => {
      const baseId = await knowledgeBase({ language: 'english' });
      const pdf = await upload(
        'policy.pdf',
        'application/pdf',
        pdfOf('Travel policy', 'Trains are booked in second class.'),
      );
      const html = await upload(
        'page.html',
        'text/html',
        '<h1>Parking</h1><p>Visitors park in <b>bay 4</b>.</p><script>x()</script>',
      );
      const markdown = await upload('notes.md', 'text/markdown', '# Lunch\n\nThe canteen opens at noon.');
      const json = await upload(
        'faq.json',
        'application/json',
        JSON.stringify({ wifi: { password: 'ask reception' } }),
      );
      const docs = [
        await addDocument(baseId, { file_id: pdf, metadata: { kind: 'policy' } }),
        await addDocument(baseId, { file_id: html }),
        await addDocument(baseId, { file_id: markdown }),
        await addDocument(baseId, { file_id: json }),
        await addDocument(baseId, { title: 'Holidays', text: 'Everyone gets 25 days of holiday a year.' }),
      ];
      for (const d of docs) expect(d).to.deep.include({ status: 'ready', chunks: 1, error: null });
      expect(docs[0]).to.deep.include({ title: 'policy.pdf', file_id: pdf, metadata: { kind: 'policy' } });
      const cases: [string, string][] = [
        ['trains booked', 'policy.pdf'],
        ['visitors parking', 'page.html'],
        ['canteen', 'notes.md'],
        ['wifi password', 'faq.json'],
        ['holiday days', 'Holidays'],
      ];
      for (const [query, title] of cases) {
        const found = await search(baseId, { query });
        expect(found.status).to.equal(200);
        expect(
          found.body.items.map((i: Json) => i.title),
          query,
        ).to.deep.equal([title]);
      }
      const [hit] = (await search(baseId, { query: 'trains' })).body.items;
      expect(hit).to.deep.include({ document_id: docs[0]?.id, chunk_index: 0, metadata: { kind: 'policy' } });
      expect(hit.text).to.include('second class');
      expect((await search(baseId, { query: 'script' })).body.items).to.deep.equal([]);
      const listed = await call('GET', `/api/knowledge-bases/${baseId}/documents?limit=2`);
      expect(listed.body.items).to.have.length(2);
      expect(listed.body.next_cursor).to.be.a('string');
    });

    it('fails a document it cannot read, saying why', async () => {
      const baseId = await knowledgeBase();
      const zip = await upload('a.bin', 'application/octet-stream', new Uint8Array([1, 2, 3]));
      const broken = await upload('b.json', 'application/json', '{"open": ');
      expect(await addDocument(baseId, { file_id: zip })).to.deep.include({ status: 'failed', chunks: null });
      const failed = await addDocument(baseId, { file_id: broken });
      expect(failed).to.deep.include({ status: 'failed', error: 'the JSON is not well-formed' });
      expect((await addDocument(baseId, { file_id: zip })).error).to.match(/application\/pdf/);
    });

    it('searches by meaning and both fused with an embedding model, filtered by metadata in every mode', async () => {
      const baseId = await knowledgeBase({
        embedding: { provider_id: await provider('openai'), model: 'embed-small' },
      });
      const long = Array.from(
        { length: 40 },
        (_, i) => `Paragraph ${i} about the quarterly budget review.`,
      ).join('\n\n');
      const a = await addDocument(baseId, { title: 'Budget', text: long, metadata: { team: 'finance' } });
      expect(a.chunks).to.be.greaterThan(1);
      await addDocument(baseId, {
        title: 'Garden',
        text: 'Tomatoes need sun and water.',
        metadata: { team: 'garden' },
      });
      const embedded = fake.requests.filter((r) => r.path === '/v1/embeddings');
      expect(embedded[0]?.body).to.deep.include({ model: 'embed-small' });
      for (const mode of ['keyword', 'semantic', 'hybrid']) {
        const found = await search(baseId, { query: 'tomatoes sun', mode, limit: 3 });
        expect(found.status, mode).to.equal(200);
        expect(found.body.items[0].title, mode).to.equal('Garden');
        const filtered = await search(baseId, { query: 'budget review', mode, filter: { team: 'garden' } });
        expect(
          filtered.body.items.every((i: Json) => i.title === 'Garden'),
          mode,
        ).to.equal(true);
      }
      const byDefault = await search(baseId, { query: 'quarterly budget', limit: 50 });
      expect(byDefault.body.items.length).to.be.within(2, 50);
      expect(byDefault.body.items[0].title).to.equal('Budget');
    });

    it('answers 409 embedding_not_configured for meaning without a model, and for a provider with no embeddings API', async () => {
      const baseId = await knowledgeBase();
      const semantic = await search(baseId, { query: 'x', mode: 'semantic' });
      expect(semantic.status).to.equal(409);
      expect(semantic.body.code).to.equal('embedding_not_configured');
      const anthropic = await call('POST', '/api/knowledge-bases', {
        workspace_id: workspace.id,
        name: 'No embeddings',
        embedding: { provider_id: await provider('anthropic'), model: 'claude' },
      });
      expect(anthropic.status).to.equal(409);
      expect(anthropic.body).to.deep.include({ code: 'embedding_not_configured' });
      expect(anthropic.body.detail).to.match(/anthropic has no embeddings API/);
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const before = (await call('GET', `/api/knowledge-bases?workspace_id=${workspace.id}&limit=200`)).body
        .items.length;
      for (const body of [
        { workspace_id: workspace.id, name: 'x', language: 'klingon' },
        { workspace_id: workspace.id, name: 'x', extra: 1 },
        { workspace_id: workspace.id, name: '' },
      ]) {
        const refused = await call('POST', '/api/knowledge-bases', body);
        expect(refused.status, JSON.stringify(body)).to.equal(400);
        expect(refused.body.code).to.equal('validation_failed');
      }
      expect(
        (await call('GET', `/api/knowledge-bases?workspace_id=${workspace.id}&limit=200`)).body.items,
      ).to.have.length(before);
      const baseId = await knowledgeBase();
      for (const body of [
        { title: 't' },
        { file_id: 'nope' },
        { title: 't', text: 'x', metadata: { deep: { a: 1 } } },
      ]) {
        const refused = await call('POST', `/api/knowledge-bases/${baseId}/documents`, body);
        expect(refused.status, JSON.stringify(body)).to.equal(400);
      }
      expect((await search(baseId, { query: 'x', limit: 51 })).status).to.equal(400);
      expect((await call('GET', `/api/knowledge-bases/${baseId}/documents`)).body.items).to.deep.equal([]);
    });

    it('deletes a document with its chunks, and a knowledge base with its documents', async () => {
      const baseId = await knowledgeBase();
      const doc = await addDocument(baseId, { title: 'Temp', text: 'ephemeral words here' });
      expect((await search(baseId, { query: 'ephemeral' })).body.items).to.have.length(1);
      expect((await call('DELETE', `/api/documents/${doc.id}`)).status).to.equal(204);
      expect((await call('GET', `/api/documents/${doc.id}`)).status).to.equal(404);
      expect((await search(baseId, { query: 'ephemeral' })).body.items).to.deep.equal([]);
      const kept = await addDocument(baseId, { title: 'Kept', text: 'words' });
      expect((await call('DELETE', `/api/knowledge-bases/${baseId}`)).status).to.equal(204);
      expect((await call('GET', `/api/knowledge-bases/${baseId}`)).status).to.equal(404);
      expect((await call('GET', `/api/documents/${kept.id}`)).status).to.equal(404);
    });
  });
}
