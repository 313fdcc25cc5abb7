import { expect } from 'chai';
import { fakeModelProvider } from '../../support/fake-model-provider.ts';
import { killableServers } from '../../support/killable-servers.ts';
import { loggedIn, processCaller } from '../../support/process-caller.ts';
import { within } from '../../support/within.ts';

describe('an agent run resumes after SIGKILL without repeating a model or tool call (node src/main.ts)', function () {
  this.timeout(120_000);
  const servers = killableServers('agent-crash');
  const serve = () => servers.serve({ MODEL_PROVIDERS_ALLOW_PRIVATE: 'true' });
  const admin = servers.admin;

  it('kills the server while a worker holds the mission tool’s child run, restarts it, and the answer finishes', async () => {
    const fake = await fakeModelProvider();
    try {
      let base = await serve();
      const call = processCaller(() => base);
      const { token, workspaceId } = await loggedIn(call, admin);
      const mission = await call('POST', '/api/missions', token, {
        workspace_id: workspaceId,
        name: 'Lookup',
      });
      const provider = await call('POST', `/api/workspaces/${workspaceId}/model-providers`, token, {
        name: 'fake',
        kind: 'anthropic',
        base_url: fake.url,
        api_key: 'sk-crash',
      });
      const agent = await call('POST', '/api/agents', token, {
        workspace_id: workspaceId,
        name: 'Looker',
        provider_id: provider.body.id,
        model: 'fake',
        instructions: 'Look things up.',
        tools: [
          { type: 'mission', mission_id: mission.body.id, name: 'lookup', description: 'Looks up a key' },
        ],
      });
      expect(agent.status, JSON.stringify(agent.body)).to.equal(201);
      const thread = await call('POST', '/api/threads', token, {
        workspace_id: workspaceId,
        agent_id: agent.body.id,
      });
      fake.script(
        { toolCalls: [{ id: 'toolu_1', name: 'lookup', arguments: ['{"key":"k1"}'] }], finish: 'tool_calls' },
        { text: ['k1 is 7'] },
      );
      const sent = await call('POST', `/api/threads/${thread.body.id}/messages`, token, {
        content: 'look up k1',
      });
      expect(sent.status).to.equal(202);
      const runId = sent.body.run.id as string;

      // The worker (this test) claims the child run the tool call made, and holds it across the kill.
      let child: { id: string; input: unknown } | undefined;
      await within(
        20_000,
        'the tool call’s child run is claimed',
        async () => {
          const claimed = await call('POST', '/api/runs/claim', token, { workspace_id: workspaceId });
          if (claimed.status === 200) child = claimed.body;
          return child !== undefined;
        },
        50,
      );
      expect(child?.input).to.deep.equal({ key: 'k1' });
      await servers.killLatest();

      base = await serve();
      const completed = await call('POST', `/api/runs/${child?.id}/complete`, token, {
        status: 'succeeded',
        output: { value: 7 },
      });
      expect(completed.status, JSON.stringify(completed.body)).to.equal(200);
      await within(
        60_000,
        'the answer finished after the restart',
        async () => (await call('GET', `/api/runs/${runId}`, token)).body.status === 'succeeded',
        100,
      );
      expect(fake.requests).to.have.length(2);
      const run = await call('GET', `/api/runs/${runId}`, token);
      expect(run.body.output).to.deep.equal({ message: 'k1 is 7' });
      const children = await call('GET', `/api/runs?parent_run_id=${runId}`, token);
      expect(children.body.items.map((r: { id: string }) => r.id)).to.deep.equal([child?.id]);
      const events = (await call('GET', `/api/runs/${runId}/events?limit=200`, token)).body.items as {
        type: string;
        data: unknown;
      }[];
      expect(events.filter((e) => e.type === 'tool.call')).to.have.length(1);
      expect(events.filter((e) => e.type === 'tool.result').map((e) => e.data)).to.deep.equal([
        { id: 'toolu_1', output: { value: 7 } },
      ]);
      const messages = await call('GET', `/api/threads/${thread.body.id}/messages`, token);
      expect(messages.body.items.map((m: { role: string }) => m.role)).to.deep.equal([
        'user',
        'assistant',
        'tool',
        'assistant',
      ]);
    } finally {
      await fake.close();
    }
  });
});
