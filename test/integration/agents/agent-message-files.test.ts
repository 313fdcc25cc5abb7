import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { suiteValue } from '../../support/suite-values.ts';
import type { SignedUp, TestApp } from '../../support/test-app.ts';

type Json = Record<string, unknown>;

async function upload(
  app: TestApp,
  user: SignedUp,
  workspaceId: string,
  name: string,
  bytes: Uint8Array | string,
  contentType = 'text/plain',
) {
  const response = await app.request(
    `/api/files?workspace_id=${workspaceId}&name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { ...user.auth, 'content-type': contentType },
      body: bytes,
    },
  );
  expect(response.status).to.equal(201);
  return ((await response.json()) as { id: string }).id;
}

for (const [family, env] of [
  ['PostgreSQL', { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' }],
  ['memory', { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`messages that refer to files (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const outsider = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Message files');
    const other = suiteWorkspace(app, outsider, 'Other files');
    const fake = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );
    before(() => app.container.cradle.agentRunner.start());
    after(() => app.container.cradle.agentRunner.stop());

    const call = (method: string, path: string, body?: unknown) => api(app, owner, method, path, body);

    async function thread(): Promise<string> {
      const provider = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: `fake ${Math.random()}`,
        kind: 'openai',
        base_url: `${fake.url}/v1`,
        api_key: 'sk-files',
      });
      const agent = await call('POST', '/api/agents', {
        workspace_id: workspace.id,
        name: `agent ${Math.random()}`,
        provider_id: provider.body.id,
        model: 'fake-model',
        instructions: 'Read.',
      });
      return (await call('POST', '/api/threads', { workspace_id: workspace.id, agent_id: agent.body.id }))
        .body.id;
    }

    const lastUserMessages = () =>
      ((fake.requests.at(-1)?.body.messages ?? []) as Json[])
        .filter((m) => m.role === 'user')
        .map((m) => m.content);

    it('sends a text file with the message, names a binary one, and says when one was deleted', async () => {
      const threadId = await thread();
      const notes = await upload(app, owner, workspace.id, 'notes.txt', 'The code word is "heron".\n');
      const picture = await upload(
        app,
        owner,
        workspace.id,
        'p.bin',
        new Uint8Array([0, 1, 2, 3, 255]),
        'application/octet-stream',
      );
      fake.script({ text: ['ok'] }, { text: ['gone'] });
      const sent = await call('POST', `/api/threads/${threadId}/messages`, {
        content: 'Read these.',
        file_ids: [notes, picture],
      });
      expect(sent.status, JSON.stringify(sent.body)).to.equal(202);
      expect(sent.body.message.file_ids).to.deep.equal([notes, picture]);
      expect((await finishedRun(app, owner, sent.body.run.id, 20_000)).status).to.equal('succeeded');
      const [first] = lastUserMessages() as string[];
      expect(first).to.equal(
        `Read these.\n\n<file id="${notes}" name="notes.txt" content_type="text/plain" size="26">\n` +
          'The code word is "heron".\n\n</file>\n\n' +
          `<file id="${picture}" name="p.bin" content_type="application/octet-stream" size="5">` +
          'This file is not text: its content is not sent.</file>',
      );

      expect((await call('DELETE', `/api/files/${notes}`)).status).to.equal(204);
      const again = await call('POST', `/api/threads/${threadId}/messages`, { content: 'And now?' });
      await finishedRun(app, owner, again.body.run.id, 20_000);
      const [earlier, latest] = lastUserMessages() as string[];
      expect(earlier).to.contain(
        `<file id="${notes}" deleted="true">This file was deleted; its content is no longer available.</file>`,
      );
      expect(earlier).not.to.contain('heron');
      expect(latest).to.equal('And now?');
      const listed = await call('GET', `/api/threads/${threadId}/messages`);
      expect(listed.body.items.map((m: Json) => m.file_ids)).to.deep.equal([
        [notes, picture],
        undefined,
        [],
        undefined,
      ]);
    });

    it("refuses another workspace's file, an unknown one and duplicates, storing nothing", async () => {
      const threadId = await thread();
      const theirs = await upload(app, outsider, other.id, 'theirs.txt', 'secret');
      const ours = await upload(app, owner, workspace.id, 'ours.txt', 'fine');
      const refused = await call('POST', `/api/threads/${threadId}/messages`, {
        content: 'x',
        file_ids: [ours, theirs, '00000000-0000-4000-8000-000000000000'],
      });
      expect(refused.status).to.equal(400);
      expect(refused.body.errors).to.deep.equal([
        { path: '/file_ids/1', message: 'must name a file of the workspace' },
        { path: '/file_ids/2', message: 'must name a file of the workspace' },
      ]);
      const twice = await call('POST', `/api/threads/${threadId}/messages`, {
        content: 'x',
        file_ids: [ours, ours],
      });
      expect(twice.status).to.equal(400);
      expect((await call('GET', `/api/threads/${threadId}/messages`)).body.items).to.deep.equal([]);
    });
  });
}
