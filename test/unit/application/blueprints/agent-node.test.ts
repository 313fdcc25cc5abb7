import { expect } from 'chai';
import type { ModelProvider } from '../../../../src/application/models/index.ts';
import type { ChatEvent, ChatMessage } from '../../../../src/domain/models/index.ts';
import { team, useCases } from '../../../support/test-container.ts';

/** `agent` nodes on memory: the engine's and the agents' use cases driven by hand, a model of our own port. */
describe('agent nodes (use cases on memory: the AgentStepRunner the agents area answers)', () => {
  async function setup() {
    const seen: (readonly ChatMessage[])[] = [];
    const provider: ModelProvider = {
      async *chat(request): AsyncIterable<ChatEvent> {
        seen.push(request.messages);
        const content = `echo: ${request.messages.at(-1)?.content}`;
        yield { type: 'text', text: content };
        yield { type: 'done', answer: { content, toolCalls: [], finishReason: 'stop', usage: null } };
      },
    };
    const app = await useCases({ doubles: { modelProviders: () => provider } });
    const { bob, eve, workspaceId } = await team(app, { shared: 'Agent nodes' });
    const agentIn = async (owner: typeof bob, workspace: string) => {
      const made = await app.createModelProvider(owner.principal, workspace, {
        name: 'p',
        kind: 'openai',
        apiKey: 'sk-unit',
      });
      const { agent } = await app.createAgent(owner.principal, {
        workspace_id: workspace,
        name: 'Echo',
        provider_id: made.id,
        model: 'm',
        instructions: 'Echo.',
      });
      return agent.id;
    };
    const runOf = async (agentId: string) => {
      const blueprint = await app.createBlueprint(bob.principal, {
        workspaceId,
        name: `Asks ${agentId}`,
        graph: {
          nodes: [{ id: 'ask', kind: 'agent', input: '{"message": input.q}', config: { agent_id: agentId } }],
          edges: [],
        },
      });
      const mission = await app.createMission(bob.principal, {
        workspaceId,
        name: `Asks ${agentId}`,
        blueprint: { id: blueprint.id },
      });
      return app.startRun(bob.principal, mission.id, { input: { q: 'hello' } });
    };
    /** Engine rounds and agent runs until neither has anything due. */
    const drive = async () => {
      for (let busy = true; busy; ) {
        await app.startBlueprintRuns(10);
        const steps = await app.takeDueSteps(10);
        for (const step of steps) await app.carryOutStep(step);
        const answers = await app.takeAgentRuns(10, 'instance');
        for (const work of answers) {
          await app.carryOutAgentRun(work, {
            owner: 'instance',
            signal: new AbortController().signal,
            childPollMs: 0,
          });
        }
        busy = steps.length + answers.length > 0;
      }
    };
    return { app, seen, bob, eve, workspaceId, agentIn, runOf, drive };
  }

  it("queues the agent's run as the step's child in a thread of its own; its answer completes the step", async () => {
    const { app, seen, bob, workspaceId, agentIn, runOf, drive } = await setup();
    const run = await runOf(await agentIn(bob, workspaceId));
    await drive();
    const done = await app.runs.findById(run.id);
    expect(done?.status).to.equal('succeeded');
    expect(done?.output).to.deep.equal({ ask: { message: 'echo: hello' } });
    expect(seen).to.have.length(1);
    const [step] = await app.steps.listForRun(run.id);
    const child = await app.runs.findById(step?.childRunId as string);
    expect(child).to.deep.include({
      parentRunId: run.id,
      stepId: 'ask',
      missionId: null,
      status: 'succeeded',
    });
    const thread = await app.threads.findById(child?.threadId as string);
    expect(thread?.metadata).to.deep.equal({ blueprint_run_id: run.id, node_id: 'ask' });
  });

  it('an agent of another workspace fails the step with agent_not_found and calls no model', async () => {
    const { app, seen, eve, agentIn, runOf, drive } = await setup();
    const run = await runOf(await agentIn(eve, eve.personal.id));
    await drive();
    const [step] = await app.steps.listForRun(run.id);
    expect(step).to.deep.include({ status: 'failed', childRunId: null });
    expect(step?.error?.code).to.equal('agent_not_found');
    expect((await app.runs.findById(run.id))?.status).to.equal('failed');
    expect(seen).to.have.length(0);
  });
});
