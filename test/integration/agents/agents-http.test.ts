import { expect } from 'chai';
import { api, finishedRun } from '../../support/api.ts';
import { fakeModelProvider, type ScriptedAnswer } from '../../support/fake-model-provider.ts';
import { suiteApp, suiteUser, suiteWorkspace } from '../../support/http-suite.ts';
import { SseClient } from '../../support/sse-client.ts';
import { suiteValue } from '../../support/suite-values.ts';
import type { TestApp } from '../../support/test-app.ts';
import { within } from '../../support/within.ts';

const KEY = 'sk-agent-secret-key-9876';
type Json = Record<string, unknown>;

for (const [family, env] of [
  ['PostgreSQL', { MODEL_PROVIDERS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' }],
  ['memory', { PERSISTENCE: 'memory', MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' }],
] as const) {
  describe(`agents and threads over HTTP (${family})`, function () {
    this.timeout(60_000);
    const app = suiteApp(env);
    const owner = suiteUser(app);
    const member = suiteUser(app);
    const workspace = suiteWorkspace(app, owner, 'Agents', [[member, 'member']]);
    const fake = suiteValue(
      () => fakeModelProvider(),
      (f) => f.close(),
    );

    before(() => {
      app.container.cradle.agentRunner.start();
      app.container.cradle.blueprintEngine.start();
    });
    after(async () => {
      await app.container.cradle.agentRunner.stop();
      await app.container.cradle.blueprintEngine.stop();
    });

    const call = (method: string, path: string, body?: unknown) => api(app, owner, method, path, body);

    async function provider(kind: 'openai' | 'anthropic'): Promise<string> {
      const made = await call('POST', `/api/workspaces/${workspace.id}/model-providers`, {
        name: `fake ${kind} ${Math.random()}`,
        kind,
        base_url: kind === 'openai' ? `${fake.url}/v1` : fake.url,
        api_key: KEY,
      });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      return made.body.id;
    }

    async function agentWith(kind: 'openai' | 'anthropic', extra: Json = {}): Promise<string> {
      const made = await call('POST', '/api/agents', {
        workspace_id: workspace.id,
        name: `agent ${Math.random()}`,
        provider_id: await provider(kind),
        model: 'fake-model',
        instructions: 'Be brief.',
        ...extra,
      });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      return made.body.id;
    }

    async function threadOf(agentId: string): Promise<string> {
      const made = await call('POST', '/api/threads', { workspace_id: workspace.id, agent_id: agentId });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      return made.body.id;
    }

    async function send(threadId: string, content: string, parentId?: string) {
      const sent = await call('POST', `/api/threads/${threadId}/messages`, {
        content,
        ...(parentId && { parent_id: parentId }),
      });
      expect(sent.status, JSON.stringify(sent.body)).to.equal(202);
      return sent.body as { message: Json & { id: string }; run: { id: string; status: string } };
    }

    const finished = (runId: string) => finishedRun(app, owner, runId, 20_000);

    async function events(runId: string): Promise<{ type: string; data: Json }[]> {
      return (await call('GET', `/api/runs/${runId}/events?limit=200`)).body.items;
    }

    const script = (...answers: ScriptedAnswer[]) => fake.script(...answers);

    it('creates, versions, reads and deletes an agent; checks its tools and settings', async () => {
      const providerId = await provider('openai');
      const base = {
        workspace_id: workspace.id,
        name: 'Helper',
        provider_id: providerId,
        model: 'm1',
        instructions: 'Help.',
      };
      const bad = await call('POST', '/api/agents', {
        ...base,
        tools: [
          { type: 'code', name: 'run', description: 'a' },
          { type: 'code', name: 'run', description: 'b' },
        ],
      });
      expect(bad.status).to.equal(400);
      expect(bad.body.errors).to.deep.equal([
        { path: '/tools/1/name', message: 'must be unique in the agent' },
      ]);
      const tooMany = await call('POST', '/api/agents', { ...base, settings: { max_steps: 51 } });
      expect(tooMany.status).to.equal(400);
      const knowledge = await call('POST', '/api/agents', {
        ...base,
        tools: [{ type: 'knowledge', knowledge_base_id: providerId, name: 'kb', description: 'x' }],
      });
      expect(knowledge.body.errors).to.deep.equal([
        { path: '/tools/0/knowledge_base_id', message: 'must name a knowledge base of the workspace' },
      ]);
      const foreign = await call('POST', '/api/agents', {
        ...base,
        tools: [{ type: 'mission', mission_id: providerId, name: 'm', description: 'x' }],
      });
      expect(foreign.body.errors).to.deep.equal([
        { path: '/tools/0/mission_id', message: 'must name a mission of the workspace' },
      ]);

      const made = await call('POST', '/api/agents', {
        ...base,
        tools: [{ type: 'code', name: 'calc', description: 'Runs JavaScript', requires_approval: false }],
      });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      expect(made.body).to.deep.include({ version: 1, model: 'm1', name: 'Helper' });
      expect(made.body.settings).to.deep.equal({ temperature: null, max_output_tokens: null, max_steps: 8 });
      expect((await call('POST', '/api/agents', base)).status).to.equal(409);
      expect((await api(app, member, 'POST', '/api/agents', { ...base, name: 'Other' })).status).to.equal(
        403,
      );

      const patched = await call('PATCH', `/api/agents/${made.body.id}`, {
        model: 'm2',
        settings: { max_steps: 3 },
      });
      expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
      expect(patched.body).to.deep.include({ version: 2, model: 'm2', instructions: 'Help.' });
      expect(patched.body.tools).to.deep.equal(made.body.tools);
      const first = await api(app, member, 'GET', `/api/agents/${made.body.id}/versions/1`);
      expect(first.body).to.deep.include({ agent_id: made.body.id, version: 1, model: 'm1' });
      expect((await call('GET', `/api/agents/${made.body.id}/versions/3`)).status).to.equal(404);
      const listed = await api(app, member, 'GET', `/api/agents?workspace_id=${workspace.id}`);
      expect(listed.body.items.map((a: Json) => a.id)).to.include(made.body.id);

      expect((await call('DELETE', `/api/agents/${made.body.id}`)).status).to.equal(204);
      expect((await call('GET', `/api/agents/${made.body.id}`)).status).to.equal(404);
      const audited = await call(
        'GET',
        `/api/workspaces/${workspace.id}/audit-events?target_type=agent&target_id=${made.body.id}`,
      );
      expect(audited.status, JSON.stringify(audited.body)).to.equal(200);
      expect(audited.body.items.map((e: Json) => [e.action, e.details])).to.deep.equal([
        ['agent_deleted', {}],
        ['agent_updated', { version: 2, fields: 'model,settings' }],
        ['agent_created', { version: 1, provider_id: providerId }],
      ]);
    });

    it('answers a message from a streamed OpenAI model: deltas, usage, the stored answer and run output', async () => {
      const threadId = await threadOf(await agentWith('openai'));
      expect((await call('GET', `/api/threads/${threadId}/stream`)).status).to.equal(204);
      script({ text: ['Hel', 'lo', ' there'], usage: { input: 12, output: 3 }, pauseMs: 5 });
      const sent = await send(threadId, 'Hi');
      expect(sent.message).to.deep.include({
        role: 'user',
        content: 'Hi',
        parent_id: null,
        run_id: sent.run.id,
      });
      const stream = await SseClient.open(`${app.baseUrl}/api/threads/${threadId}/stream`, owner.auth);
      expect(stream.status).to.equal(200);
      await stream.waitForClose(20_000);
      const seen = stream.frames.filter((f) => f.event !== 'end');
      const text = seen
        .filter((f) => f.event === 'message.delta')
        .map((f) => JSON.parse(f.data).data.text)
        .join('');
      expect(text).to.equal('Hello there');
      const usage = seen.find((f) => f.event === 'usage');
      expect(JSON.parse(usage?.data ?? '{}').data).to.deep.equal({ input_tokens: 12, output_tokens: 3 });
      expect(JSON.parse(seen.at(-1)?.data ?? '{}').data.status).to.equal('succeeded');

      const run = await finished(sent.run.id);
      expect(run).to.deep.include({ status: 'succeeded', mission_id: null, thread_id: threadId });
      expect(run.output).to.deep.equal({ message: 'Hello there' });
      expect(run.agent).to.deep.include({ version: 1 });
      const messages = await call('GET', `/api/threads/${threadId}/messages`);
      expect(messages.body.items.map((m: Json) => [m.role, m.content])).to.deep.equal([
        ['user', 'Hi'],
        ['assistant', 'Hello there'],
      ]);
      const request = fake.requests.at(-1);
      expect(request?.body.messages).to.deep.equal([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ]);
    });

    it('shows the tokens of all its model calls on the agent run (GET /api/runs/{id} usage)', async () => {
      const threadId = await threadOf(
        await agentWith('anthropic', {
          tools: [{ type: 'code', name: 'calc', description: 'Runs JavaScript' }],
        }),
      );
      const args = JSON.stringify({ source: 'function main() { return 1 }' });
      script(
        {
          toolCalls: [{ id: 'toolu_u', name: 'calc', arguments: [args] }],
          finish: 'tool_calls',
          usage: { input: 20, output: 7 },
        },
        { text: ['One.'], usage: { input: 41, output: 2 } },
      );
      const sent = await send(threadId, 'One?');
      const queued = await call('GET', `/api/runs/${sent.run.id}`);
      expect(queued.status).to.equal(200);
      expect(queued.body.usage).to.have.keys('input_tokens', 'output_tokens');
      expect((await finished(sent.run.id)).status).to.equal('succeeded');
      const read = await api(app, member, 'GET', `/api/runs/${sent.run.id}`);
      expect(read.status).to.equal(200);
      expect(read.body.usage).to.deep.equal({ input_tokens: 61, output_tokens: 9 });
      const logged = (await events(sent.run.id)).filter((e) => e.type === 'usage').map((e) => e.data);
      expect(logged).to.deep.equal([
        { input_tokens: 20, output_tokens: 7 },
        { input_tokens: 41, output_tokens: 2 },
      ]);
      const listed = await call('GET', `/api/runs?workspace_id=${workspace.id}`);
      expect(listed.body.items[0], 'lists have summaries, without usage').not.to.have.property('usage');
    });

    it('runs a code tool the Anthropic model calls, and sends its result back', async () => {
      const threadId = await threadOf(
        await agentWith('anthropic', {
          tools: [{ type: 'code', name: 'calc', description: 'Runs JavaScript' }],
        }),
      );
      const args = JSON.stringify({ source: 'function main(i) { return i.n * 2 }', input: { n: 21 } });
      script(
        {
          text: ['Let me compute.'],
          toolCalls: [{ id: 'toolu_1', name: 'calc', arguments: [args] }],
          finish: 'tool_calls',
        },
        { text: ['It is 42.'], usage: { input: 30, output: 5 } },
      );
      const sent = await send(threadId, 'Double 21');
      const run = await finished(sent.run.id);
      expect(run.status, JSON.stringify(run)).to.equal('succeeded');
      expect(run.output).to.deep.equal({ message: 'It is 42.' });
      const log = await events(sent.run.id);
      expect(log.find((e) => e.type === 'tool.call')?.data).to.deep.equal({
        id: 'toolu_1',
        name: 'calc',
        arguments: args,
      });
      expect(log.find((e) => e.type === 'tool.result')?.data).to.deep.equal({ id: 'toolu_1', output: 42 });
      const second = fake.requests.at(-1)?.body as { messages: Json[] };
      expect(JSON.stringify(second.messages.at(-1)))
        .to.contain('toolu_1')
        .and.to.contain('42');
      const messages = await call('GET', `/api/threads/${threadId}/messages`);
      expect(messages.body.items.map((m: Json) => m.role)).to.deep.equal([
        'user',
        'assistant',
        'tool',
        'assistant',
      ]);
      expect(messages.body.items[1].tool_calls).to.deep.equal([
        { id: 'toolu_1', name: 'calc', arguments: args },
      ]);
    });

    it('waits for a person before a tool with requires_approval: approved it runs, rejected the model hears so', async () => {
      const threadId = await threadOf(
        await agentWith('openai', {
          tools: [{ type: 'code', name: 'calc', description: 'Runs JavaScript', requires_approval: true }],
        }),
      );
      const args = JSON.stringify({ source: 'function main(i) { return i.n + 1 }', input: { n: 1 } });
      const callOnce = (id: string): ScriptedAnswer => ({
        toolCalls: [{ id, name: 'calc', arguments: [args] }],
        finish: 'tool_calls',
      });
      const pendingApproval = async (toolCallId: string) => {
        let found: Json | undefined;
        await within(10_000, `an approval of ${toolCallId}`, async () => {
          const listed = await api(
            app,
            member,
            'GET',
            `/api/approvals?workspace_id=${workspace.id}&status=pending`,
          );
          found = listed.body.items.find((a: Json) => a.tool_call_id === toolCallId);
          return found !== undefined;
        });
        return found as Json & { id: string };
      };

      script(callOnce('call_ok'), { text: ['Two.'] });
      const approved = await send(threadId, 'One plus one');
      const first = await pendingApproval('call_ok');
      expect(first).to.deep.include({ node_id: 'calc', run_id: approved.run.id, status: 'pending' });
      expect(first.payload).to.deep.equal({ tool: 'calc', arguments: args });
      expect((await api(app, member, 'GET', `/api/runs/${approved.run.id}`)).body.status).to.equal('running');
      expect((await events(approved.run.id)).some((e) => e.type === 'tool.result')).to.equal(false);
      expect((await api(app, member, 'POST', `/api/approvals/${first.id}/approve`, {})).status).to.equal(403);
      expect((await call('POST', `/api/approvals/${first.id}/approve`, { comment: 'fine' })).status).to.equal(
        200,
      );
      const done = await finished(approved.run.id);
      expect(done.output).to.deep.equal({ message: 'Two.' });
      expect((await events(approved.run.id)).find((e) => e.type === 'tool.result')?.data).to.deep.equal({
        id: 'call_ok',
        output: 2,
      });

      script(callOnce('call_no'), { text: ['Understood, I will not.'] });
      const refused = await send(threadId, 'Again');
      const second = await pendingApproval('call_no');
      expect((await call('POST', `/api/approvals/${second.id}/reject`, { comment: 'no' })).status).to.equal(
        200,
      );
      const after = await finished(refused.run.id);
      expect(after.output).to.deep.equal({ message: 'Understood, I will not.' });
      const result = (await events(refused.run.id)).find((e) => e.type === 'tool.result')?.data as Json;
      expect(result).to.have.nested.property('error.code', 'rejected');
      // The model was answered with the refusal: the tool message it received says so.
      const sentToModel = JSON.stringify(fake.requests.at(-1)?.body.messages);
      expect(sentToModel).to.include('rejected');
    });

    it('fails at max_steps model calls with step_limit', async () => {
      const threadId = await threadOf(
        await agentWith('openai', {
          tools: [{ type: 'code', name: 'calc', description: 'x' }],
          settings: { max_steps: 2 },
        }),
      );
      const again = (id: string): ScriptedAnswer => ({
        toolCalls: [{ id, name: 'calc', arguments: ['{"source":"function main(){return 1}"}'] }],
        finish: 'tool_calls',
      });
      script(again('c1'), again('c2'), again('c3'));
      const sent = await send(threadId, 'loop');
      const run = await finished(sent.run.id);
      expect(run.status).to.equal('failed');
      expect((run.error as Json).code).to.equal('step_limit');
      fake.script(); // the third answer stays queued for nobody: drain it
      await (async () => {
        const t = await threadOf(await agentWith('openai'));
        await finished((await send(t, 'drain')).run.id);
      })();
    });

    it('fails with provider_error (status and message, never the key)', async () => {
      const threadId = await threadOf(await agentWith('openai'));
      script({ status: 401, message: 'invalid api key' });
      const run = await finished((await send(threadId, 'Hi')).run.id);
      expect(run.status).to.equal('failed');
      expect((run.error as Json).code).to.equal('provider_error');
      expect(run.error).to.deep.equal({ code: 'provider_error', status: 401, message: 'invalid api key' });
      expect(JSON.stringify(run)).not.to.contain(KEY);
    });

    it('edits a message as a new branch: the model sees only the branch; ?leaf= reads the old one', async () => {
      const threadId = await threadOf(await agentWith('openai'));
      script({ text: ['A1'] }, { text: ['B1'] }, { text: ['C1'] });
      const a = await send(threadId, 'A');
      await finished(a.run.id);
      const b = await send(threadId, 'B');
      await finished(b.run.id);
      const oldLeaf = (await call('GET', `/api/threads/${threadId}/messages`)).body.items.at(-1).id;
      const c = await send(threadId, 'C', b.message.parent_id as string);
      await finished(c.run.id);
      expect(fake.requests.at(-1)?.body.messages).to.deep.equal([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'A' },
        { role: 'assistant', content: 'A1' },
        { role: 'user', content: 'C' },
      ]);
      const current = await call('GET', `/api/threads/${threadId}/messages`);
      expect(current.body.items.map((m: Json) => m.content)).to.deep.equal(['A', 'A1', 'C', 'C1']);
      const old = await call('GET', `/api/threads/${threadId}/messages?leaf=${oldLeaf}`);
      expect(old.body.items.map((m: Json) => m.content)).to.deep.equal(['A', 'A1', 'B', 'B1']);
    });

    it('allows one run per thread (thread_busy, also for messages sent at once) and stops it', async () => {
      const threadId = await threadOf(await agentWith('openai'));
      script({ text: ['slow', ' answer', ' never', ' ends'], pauseMs: 2000 });
      const asked = fake.requests.length;
      const tries = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', `/api/threads/${threadId}/messages`, { content: 'go' })),
      );
      expect(tries.map((t) => t.status).sort()).to.deep.equal([202, 409, 409, 409, 409]);
      expect(tries.find((t) => t.status === 409)?.body.code).to.equal('thread_busy');
      const runId = tries.find((t) => t.status === 202)?.body.run.id as string;
      await within(10_000, 'the model request', async () => fake.requests.length > asked, 25);
      const request = fake.requests[asked];
      expect((await api(app, member, 'POST', `/api/threads/${threadId}/stop`)).status).to.equal(204);
      const run = await finished(runId);
      expect(run.status).to.equal('cancelled');
      await request?.closedEarly;
      expect((await call('POST', `/api/threads/${threadId}/stop`)).status).to.equal(204);
      expect((await call('GET', `/api/threads/${threadId}/stream`)).status).to.equal(204);
    });

    it('runs a blueprint tool and a mission tool as child runs of the answer', async () => {
      const blueprint = await call('POST', '/api/blueprints', {
        workspace_id: workspace.id,
        name: 'Doubler',
        graph: {
          nodes: [
            { id: 'double', kind: 'code', config: { source: 'function main(i){return {n: i.n * 2}}' } },
          ],
          edges: [],
        },
      });
      const mission = await call('POST', '/api/missions', {
        workspace_id: workspace.id,
        name: 'Doubling mission',
        blueprint: { id: blueprint.body.id },
      });
      const threadId = await threadOf(
        await agentWith('openai', {
          tools: [
            { type: 'blueprint', blueprint_id: blueprint.body.id, name: 'double', description: 'Doubles n' },
            { type: 'mission', mission_id: mission.body.id, name: 'double_m', description: 'Doubles n' },
          ],
        }),
      );
      script(
        {
          toolCalls: [
            { id: 'c1', name: 'double', arguments: ['{"n":2}'] },
            { id: 'c2', name: 'double_m', arguments: ['{"n":5}'] },
          ],
          finish: 'tool_calls',
        },
        { text: ['4 and 10'] },
      );
      const sent = await send(threadId, 'double 2 and 5');
      const run = await finished(sent.run.id);
      expect(run.status, JSON.stringify(run)).to.equal('succeeded');
      const results = (await events(sent.run.id)).filter((e) => e.type === 'tool.result').map((e) => e.data);
      expect(results).to.deep.equal([
        { id: 'c1', output: { double: { n: 4 } } },
        { id: 'c2', output: { double: { n: 10 } } },
      ]);
      const children = await call('GET', `/api/runs?parent_run_id=${sent.run.id}`);
      expect(children.body.items).to.have.length(2);
      for (const child of children.body.items) {
        const read = await call('GET', `/api/runs/${child.id}`);
        expect(read.body, 'a run that calls no model has no usage').to.deep.include({
          agent: null,
          usage: null,
        });
      }
    });

    it('hides threads from outsiders (404) and lets members chat', async () => {
      const agentId = await agentWith('openai');
      const threadId = (
        await api(app, member, 'POST', '/api/threads', { workspace_id: workspace.id, agent_id: agentId })
      ).body.id;
      const outsider = await (await import('../../support/test-app.ts')).signUp(app as TestApp);
      for (const [method, path] of [
        ['GET', `/api/threads/${threadId}`],
        ['GET', `/api/threads/${threadId}/messages`],
        ['POST', `/api/threads/${threadId}/messages`],
        ['GET', `/api/threads/${threadId}/stream`],
        ['POST', `/api/threads/${threadId}/stop`],
        ['DELETE', `/api/threads/${threadId}`],
        ['GET', `/api/agents/${agentId}`],
      ] as const) {
        const body = method === 'POST' && path.endsWith('messages') ? { content: 'x' } : undefined;
        expect((await api(app, outsider, method, path, body)).status, `${method} ${path}`).to.equal(404);
      }
      expect((await api(app, member, 'DELETE', `/api/threads/${threadId}`)).status).to.equal(204);
    });
  });
}
