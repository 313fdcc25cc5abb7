import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import type { ChatEvent } from '../../../src/domain/models/chat.ts';
import { api } from '../../support/api.ts';
import { type FakeModelProvider, fakeModelProvider } from '../../support/fake-model-provider.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

const KEY = 'sk-http-secret-key-abcd';

for (const [family, env] of [
  ['PostgreSQL', {}],
  ['memory', { PERSISTENCE: 'memory' }],
] as const)
  describe(`model providers over HTTP (${family})`, () => {
    const logLines: string[] = [];
    const bodies: string[] = [];
    let app: TestApp;
    let fake: FakeModelProvider;
    let owner: SignedUp;
    let workspaceId: string;

    before(async () => {
      // Every level, no redaction: no code path may hand a key to the logger at all.
      const sink = new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      });
      app = await startTestApp(
        { ...env, MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' },
        { logger: pino({ level: 'trace' }, sink) },
      );
      fake = await fakeModelProvider();
      owner = await signUp(app);
      const [personal] = await app.container.cradle.workspaces.listForUser(owner.userId);
      workspaceId = personal?.workspace.id as string;
    });
    after(async () => {
      await fake?.close();
      await app?.close();
    });

    async function call(method: string, path: string, body?: unknown) {
      const response = await api(app, owner, method, path, body);
      bodies.push(JSON.stringify(response.body ?? null));
      return response;
    }

    it('adds a provider (the key answered only as its hint), lists, reads, replaces the key and deletes it', async () => {
      const created = await call('POST', `/api/workspaces/${workspaceId}/model-providers`, {
        name: 'Local Ollama',
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key: KEY,
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      expect(created.headers.get('location')).to.equal(`/api/model-providers/${created.body.id}`);
      expect(created.body).to.deep.include({
        workspace_id: workspaceId,
        name: 'Local Ollama',
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key_hint: 'abcd',
      });
      expect(created.body).not.to.have.property('api_key');
      const listed = await call('GET', `/api/workspaces/${workspaceId}/model-providers`);
      expect(listed.body.items.map((p: { id: string }) => p.id)).to.deep.equal([created.body.id]);
      const read = await call('GET', `/api/model-providers/${created.body.id}`);
      expect(read.body).to.deep.equal(created.body);

      const patched = await call('PATCH', `/api/model-providers/${created.body.id}`, {
        name: 'Renamed',
        api_key: `${KEY}-wxyz`,
      });
      expect(patched.status).to.equal(200);
      expect(patched.body).to.deep.include({
        name: 'Renamed',
        api_key_hint: 'wxyz',
        base_url: `${fake.url}/v1`,
      });

      // The stored account calls the model with the replaced key.
      fake.script({ text: ['Hi', ' there'], usage: { input: 3, output: 2 } });
      const { providerAccounts, modelProviders } = app.container.cradle;
      const account = await providerAccounts.findById(created.body.id);
      const events: ChatEvent[] = [];
      for await (const event of modelProviders(account as NonNullable<typeof account>).chat({
        model: 'llama',
        messages: [{ role: 'user', content: 'Hello' }],
      }))
        events.push(event);
      expect(events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text)).to.deep.equal([
        'Hi',
        ' there',
      ]);
      expect(fake.requests.at(-1)?.headers.authorization).to.equal(`Bearer ${KEY}-wxyz`);

      expect((await call('DELETE', `/api/model-providers/${created.body.id}`)).status).to.equal(204);
      expect((await call('GET', `/api/model-providers/${created.body.id}`)).status).to.equal(404);
    });

    it('refuses bad input with a 400 naming it, and stores nothing', async () => {
      const path = `/api/workspaces/${workspaceId}/model-providers`;
      const good = { name: 'n', kind: 'anthropic', api_key: KEY };
      for (const body of [
        { ...good, kind: 'gemini' },
        { ...good, base_url: 'ftp://models.example' },
        { ...good, base_url: 'https://user:pw@models.example' },
        { ...good, api_key: 'with space' },
        { ...good, unknown: 1 },
        { name: 'n', kind: 'openai' },
      ]) {
        const refused = await call('POST', path, body);
        expect(refused.status, JSON.stringify(body)).to.equal(400);
        expect(refused.body.code).to.equal('validation_failed');
      }
      expect((await call('GET', path)).body.items).to.deep.equal([]);
      const created = await call('POST', path, good);
      expect(created.body.base_url).to.equal(null);
      const empty = await call('PATCH', `/api/model-providers/${created.body.id}`, {});
      expect(empty.status).to.equal(400);
      const kindChange = await call('PATCH', `/api/model-providers/${created.body.id}`, { kind: 'openai' });
      expect(kindChange.status).to.equal(400);
    });

    it('never shows or logs a key, in any answer or log line so far', () => {
      const keys = [KEY, `${KEY}-wxyz`];
      for (const key of keys) {
        for (const body of bodies) expect(body).not.to.include(key);
        for (const line of logLines) expect(line).not.to.include(key);
      }
    });
  });
