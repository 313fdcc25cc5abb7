import { expect } from 'chai';
import { apiKey, sendMessage } from '../../clients/typescript/src/index.ts';
import { api } from '../support/api.ts';
import { fakeModelProvider } from '../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../support/http-suite.ts';
import { suiteValue } from '../support/suite-values.ts';

/** fetch that cuts the first event stream after its first frame with an id (a dropped connection). */
function droppingFetch() {
  const resumedWith: (string | null)[] = [];
  let dropped = false;
  const fetcher = async (request: Request) => {
    const response = await fetch(request);
    if (!new URL(request.url).pathname.endsWith('/events/stream')) return response;
    resumedWith.push(request.headers.get('last-event-id'));
    if (dropped || !response.body) return response;
    dropped = true;
    const reader = response.body.getReader();
    let seen = '';
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) return controller.close();
        seen += new TextDecoder().decode(value);
        controller.enqueue(value);
        if (seen.includes('event: message.delta')) {
          await reader.cancel();
          controller.error(new Error('connection dropped'));
        }
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch: fetcher, resumedWith };
}

describe('TypeScript client: threads (send a message, iterate its deltas across a dropped connection)', function () {
  this.timeout(60_000);
  const app = suiteApp({ MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' });
  const owner = suiteUser(app);
  const workspace = suiteWorkspace(app, owner, 'Client chat');
  const fake = suiteValue(
    () => fakeModelProvider(),
    (f) => f.close(),
  );
  before(() => app.container.cradle.agentRunner.start());
  after(() => app.container.cradle.agentRunner.stop());

  it('yields every delta once, in order, resuming with Last-Event-ID', async () => {
    const provider = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/model-providers`, {
      name: 'fake',
      kind: 'openai',
      base_url: `${fake.url}/v1`,
      api_key: 'sk-client',
    });
    const agent = await api(app, owner, 'POST', '/api/agents', {
      workspace_id: workspace.id,
      name: 'Talker',
      provider_id: provider.body.id,
      model: 'fake',
      instructions: '',
    });
    const thread = await api(app, owner, 'POST', '/api/threads', {
      workspace_id: workspace.id,
      agent_id: agent.body.id,
    });
    const key = await api(app, owner, 'POST', `/api/workspaces/${workspace.id}/api-keys`, {
      name: 'chat',
      role: 'member',
    });
    const pieces = ['One', ' two', ' three', ' four', ' five'];
    fake.script({ text: pieces, pauseMs: 120 });
    const dropping = droppingFetch();
    const options = { baseUrl: app.baseUrl, credential: apiKey(key.body.key), fetch: dropping.fetch };
    const reply = await sendMessage(options, thread.body.id, 'count');
    expect(reply.message).to.deep.include({ role: 'user', content: 'count' });
    let text = '';
    for await (const delta of reply.deltas({ retryMs: 50 })) text += delta;
    expect(text).to.equal(pieces.join(''));
    expect(dropping.resumedWith).to.have.length.at.least(2);
    expect(dropping.resumedWith[0]).to.equal(null);
    expect(Number(dropping.resumedWith[1])).to.be.greaterThan(0);
    const seqs: number[] = [];
    for await (const event of reply.events()) seqs.push(event.seq);
    expect(seqs).to.deep.equal(seqs.map((_, index) => index + 1));
  });
});
