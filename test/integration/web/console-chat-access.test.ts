import { expect } from 'chai';
import { api, principalOf } from '../../support/api.ts';
import { FormClient } from '../../support/form-client.ts';
import { joinWorkspace } from '../../support/members.ts';
import { type SignedUp, signUp, startTestApp, type TestApp } from '../../support/test-app.ts';

/**
 * The agents and chat pages for every kind of visitor, over plain HTTP: outsiders get 404 (as the API), a
 * member reads agents, starts threads and chats but may not create or change an agent (403, nothing changed),
 * and refused input is a form message with nothing stored.
 */
describe('console agents and chat pages: who may see and post what (HTTP, PostgreSQL)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let owner: SignedUp;
  const ids = {} as Record<'workspace' | 'provider' | 'agent' | 'thread', string>;
  const browsers = {} as Record<'owner' | 'member' | 'outsider', FormClient>;

  before(async () => {
    app = await startTestApp();
    const [member, outsider] = [await signUp(app), await signUp(app)];
    owner = await signUp(app);
    ids.workspace = (await api(app, owner, 'POST', '/api/workspaces', { name: 'Chat access' })).body.id;
    const joiner = { principal: await principalOf(app, member), login: member.username };
    await joinWorkspace(app.container.cradle, await principalOf(app, owner), ids.workspace, joiner, 'member');
    ids.provider = (
      await api(app, owner, 'POST', `/api/workspaces/${ids.workspace}/model-providers`, {
        name: 'p',
        kind: 'openai',
        base_url: 'http://127.0.0.1:9/v1',
        api_key: 'sk-test-0123456789',
      })
    ).body.id;
    const agent = await api(app, owner, 'POST', '/api/agents', {
      workspace_id: ids.workspace,
      name: 'Helper',
      provider_id: ids.provider,
      model: 'fake',
      instructions: 'Be brief.',
    });
    expect(agent.status, JSON.stringify(agent.body)).to.equal(201);
    ids.agent = agent.body.id;
    ids.thread = (
      await api(app, owner, 'POST', '/api/threads', { workspace_id: ids.workspace, agent_id: ids.agent })
    ).body.id;
    for (const [name, user] of [
      ['owner', owner],
      ['member', member],
      ['outsider', outsider],
    ] as const) {
      browsers[name] = new FormClient(app);
      expect((await browsers[name].signIn(user.username, user.password)).status).to.equal(303);
    }
  });

  after(async () => app?.close());

  it('shows the pages to members, 404 to outsiders; the stream and answer pages only while a run is active', async () => {
    const pages = [
      `/console/w/${ids.workspace}/agents`,
      `/console/agents/${ids.agent}`,
      `/console/threads/${ids.thread}`,
    ];
    for (const path of pages) {
      for (const who of ['owner', 'member'] as const) {
        const response = await browsers[who].get(path);
        expect(response.status, `${who} ${path}`).to.equal(200);
        expect(response.headers.get('content-security-policy'), path).to.include("default-src 'none'");
      }
      expect((await browsers.outsider.get(path)).status, path).to.equal(404);
    }
    const chat = await browsers.member.get(`/console/threads/${ids.thread}`);
    expect(chat.headers.get('content-security-policy')).to.match(/script-src 'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(await chat.text()).to.not.include('Publish version');
    expect(await (await browsers.member.get(`/console/agents/${ids.agent}`)).text()).to.not.include(
      'Publish version',
    );
    const stream = await browsers.member.get(`/console/threads/${ids.thread}/stream`);
    expect(stream.status, 'nothing active: 204 as the API').to.equal(204);
    const answer = await browsers.member.get(`/console/threads/${ids.thread}/answer`);
    expect([answer.status, answer.headers.get('location')]).to.deep.equal([
      303,
      `/console/threads/${ids.thread}`,
    ]);
    for (const path of [`/console/threads/${ids.thread}/stream`, `/console/threads/${ids.thread}/answer`]) {
      expect((await browsers.outsider.get(path)).status, path).to.equal(404);
    }
    expect((await browsers.owner.get('/console/threads/not-a-thread')).status).to.equal(404);
    const badBranch = await browsers.owner.get(`/console/threads/${ids.thread}?through=${ids.agent}`);
    expect(badBranch.status).to.equal(400);
    expect(await badBranch.text()).to.include('That branch is not a branch of this thread');
  });

  it('refuses a member what the API refuses a member, outsiders and forged forms everything', async () => {
    const definition = { provider_id: ids.provider, model: 'm', instructions: 'x', tools: '' };
    const memberToken = await browsers.member.csrfToken();
    const create = await browsers.member.post(`/console/w/${ids.workspace}/agents`, {
      _csrf: memberToken,
      name: 'Other',
      ...definition,
    });
    expect(create.status, 'a member may not create an agent').to.equal(403);
    const publish = await browsers.member.post(`/console/agents/${ids.agent}`, {
      _csrf: memberToken,
      ...definition,
    });
    expect(publish.status, 'a member may not publish a version').to.equal(403);
    const outsiderToken = await browsers.outsider.csrfToken();
    for (const path of [`/console/agents/${ids.agent}/threads`, `/console/threads/${ids.thread}/messages`]) {
      const posted = await browsers.outsider.post(path, { _csrf: outsiderToken, content: 'hi' });
      expect(posted.status, path).to.equal(404);
      expect((await browsers.owner.post(path, { content: 'hi' })).status, `no token: ${path}`).to.equal(403);
    }
    const started = await browsers.member.post(`/console/agents/${ids.agent}/threads`, {
      _csrf: memberToken,
    });
    expect(started.status).to.equal(303);
    expect(started.headers.get('location')).to.match(/^\/console\/threads\/[0-9a-f-]{36}$/);
    const agent = await api(app, owner, 'GET', `/api/agents/${ids.agent}`);
    expect([agent.body.version, agent.body.model]).to.deep.equal([1, 'fake']);
    const agents = await api(app, owner, 'GET', `/api/agents?workspace_id=${ids.workspace}`);
    expect(agents.body.items).to.have.length(1);
  });

  it('refuses bad input with a message beside the form, storing nothing', async () => {
    const token = await browsers.owner.csrfToken();
    const badTools = await browsers.owner.post(`/console/w/${ids.workspace}/agents`, {
      _csrf: token,
      name: 'Tooled',
      provider_id: ids.provider,
      model: 'm',
      instructions: 'x',
      tools: '{not json',
    });
    expect(badTools.status).to.equal(400);
    expect(await badTools.text()).to.include('Tools must be a JSON array');
    const badTool = await browsers.owner.post(`/console/agents/${ids.agent}`, {
      _csrf: token,
      provider_id: ids.provider,
      model: 'm',
      instructions: 'x',
      tools: '[{"type":"code","name":"no spaces allowed"}]',
    });
    expect(badTool.status).to.equal(400);
    expect(await badTool.text()).to.match(/role="alert"[^>]*>[^<]*\/tools\/0/);
    const empty = await browsers.owner.post(`/console/threads/${ids.thread}/messages`, {
      _csrf: token,
      content: '   ',
    });
    expect(empty.status).to.equal(400);
    expect(await empty.text()).to.include('Write a message first.');
    const messages = await api(app, owner, 'GET', `/api/threads/${ids.thread}/messages`);
    expect(messages.body.items).to.deep.equal([]);
    expect((await api(app, owner, 'GET', `/api/agents/${ids.agent}`)).body.version).to.equal(1);
  });
});
