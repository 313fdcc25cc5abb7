import { expect } from 'chai';
import type {
  ApprovalDecision,
  ToolApprovals,
} from '../../../../src/application/agents/ports/tool-approvals.ts';
import type { ModelProvider } from '../../../../src/application/models/index.ts';
import type { ChatEvent, ChatMessage, ModelAnswer } from '../../../../src/domain/models/index.ts';
import { team, useCases } from '../../../support/test-container.ts';

/** A model of our own port (not an SDK): answers in order, recording each conversation it was sent. */
function scriptedModel(answers: ModelAnswer[]) {
  const seen: (readonly ChatMessage[])[] = [];
  const provider: ModelProvider = {
    async *chat(request): AsyncIterable<ChatEvent> {
      seen.push(request.messages);
      const answer = answers.shift() ?? { content: '', toolCalls: [], finishReason: 'stop', usage: null };
      for (const piece of answer.content.split(' ')) yield { type: 'text', text: `${piece} ` };
      yield { type: 'done', answer };
    },
  };
  return { provider, seen };
}

const text = (content: string): ModelAnswer => ({
  content,
  toolCalls: [],
  finishReason: 'stop',
  usage: { inputTokens: 10, outputTokens: 2 },
});
const callCode = (id: string, source: string): ModelAnswer => ({
  content: '',
  toolCalls: [{ id, name: 'calc', arguments: JSON.stringify({ source, input: { n: 4 } }) }],
  finishReason: 'tool_calls',
  usage: null,
});

/** Approvals a test decides: each opened one is pending until the test sets its decision. */
const opened: string[] = [];
const decisions = new Map<string, ApprovalDecision>();
const approvals: {
  readonly opened: string[];
  readonly decisions: typeof decisions;
  readonly port: ToolApprovals;
} = {
  opened,
  decisions,
  port: {
    open: async (_run, _tool, call) => {
      opened.push(call.id);
      return `approval-${call.id}`;
    },
    decision: async (id) => decisions.get(id) ?? 'pending',
  },
};

describe('agent runs (use cases on memory)', () => {
  async function setup(answers: ModelAnswer[], settings = {}, requiresApproval = false) {
    const model = scriptedModel(answers);
    const app = await useCases({
      doubles: { modelProviders: () => model.provider, toolApprovals: approvals.port },
    });
    const { bob, cyd, workspaceId } = await team(app, { shared: 'Agents' });
    const provider = await app.createModelProvider(bob.principal, workspaceId, {
      name: 'p',
      kind: 'openai',
      apiKey: 'sk-unit',
    });
    const { agent } = await app.createAgent(bob.principal, {
      workspace_id: workspaceId,
      name: 'Calc',
      provider_id: provider.id,
      model: 'm',
      instructions: 'Compute.',
      tools: [
        { type: 'code', name: 'calc', description: 'Runs JavaScript', requires_approval: requiresApproval },
      ],
      settings,
    });
    const thread = await app.createThread(cyd.principal, { workspace_id: workspaceId, agent_id: agent.id });
    return { app, model, cyd, thread };
  }

  /** Carries out every due run as instance `owner` until none is due. */
  async function drive(app: Awaited<ReturnType<typeof setup>>['app'], owner = 'instance-a') {
    for (;;) {
      const taken = await app.takeAgentRuns(10, owner);
      if (taken.length === 0) return;
      for (const work of taken) {
        await app.carryOutAgentRun(work, { owner, signal: new AbortController().signal, childPollMs: 0 });
      }
    }
  }

  it('answers with a code tool in between, storing each step and counting tokens', async () => {
    const { app, model, cyd, thread } = await setup([
      callCode('c1', 'function main(i){return i.n*2}'),
      text('eight'),
    ]);
    const { run } = await app.sendMessage(cyd.principal, thread.id, { content: 'double 4' });
    await drive(app);
    const done = await app.runs.findById(run.id);
    expect(done?.status).to.equal('succeeded');
    expect(done?.output).to.deep.equal({ message: 'eight' });
    expect(model.seen[1]?.at(-1)).to.deep.equal({ role: 'tool', toolCallId: 'c1', content: '{"output":8}' });
    const work = await app.agentRuns.findByRunId(run.id);
    expect(work).to.deep.include({ modelCalls: 2, inputTokens: 10, outputTokens: 2, dueAt: null });
    const detail = await app.getRunDetail(cyd.principal, run.id);
    expect(detail.run.id).to.equal(run.id);
    expect(detail.usage, 'the run shows its tokens').to.deep.equal({ inputTokens: 10, outputTokens: 2 });
    const events = await app.runEvents.list(run.id, 0, 100);
    expect(events.map((e) => e.type)).to.include.members([
      'message.delta',
      'tool.call',
      'tool.result',
      'usage',
    ]);
  });

  it('ends at max_steps model calls with step_limit', async () => {
    const { app, cyd, thread } = await setup(
      [callCode('a', 'function main(){}'), callCode('b', 'function main(){}')],
      {
        max_steps: 1,
      },
    );
    const { run } = await app.sendMessage(cyd.principal, thread.id, { content: 'loop' });
    await drive(app);
    const done = await app.runs.findById(run.id);
    expect(done?.status).to.equal('failed');
    expect(done?.error?.code).to.equal('step_limit');
  });

  it('lets only the lease holder commit a step: another instance writes nothing', async () => {
    const { app, model, cyd, thread } = await setup([text('one answer')]);
    const { run } = await app.sendMessage(cyd.principal, thread.id, { content: 'hi' });
    const [work] = await app.takeAgentRuns(10, 'instance-a');
    expect(work).to.not.equal(undefined);
    expect(await app.takeAgentRuns(10, 'instance-b')).to.deep.equal([]);
    // A stale copy in the hands of an instance that does not hold the lease: it stops at once.
    await app.carryOutAgentRun(work as never, {
      owner: 'instance-b',
      signal: new AbortController().signal,
      childPollMs: 0,
    });
    expect(model.seen).to.have.length(0);
    await app.carryOutAgentRun(work as never, {
      owner: 'instance-a',
      signal: new AbortController().signal,
      childPollMs: 0,
    });
    expect(model.seen).to.have.length(1);
    expect((await app.runs.findById(run.id))?.status).to.equal('succeeded');
  });

  it('refuses a second message while the thread has a run (thread_busy), and stops it', async () => {
    const { app, cyd, thread } = await setup([text('x')]);
    await app.sendMessage(cyd.principal, thread.id, { content: 'first' });
    let code: string | undefined;
    await app.sendMessage(cyd.principal, thread.id, { content: 'second' }).catch((e) => {
      code = e.code;
    });
    expect(code).to.equal('thread_busy');
    await app.stopThread(cyd.principal, thread.id);
    expect(await app.threads.activeRunId(thread.id)).to.equal(undefined);
    await drive(app);
    expect((await app.sendMessage(cyd.principal, thread.id, { content: 'third' })).run.status).to.equal(
      'queued',
    );
  });

  it('waits for the approval of a tool with requires_approval: approved, it runs; rejected, the model is told', async () => {
    const { app, model, cyd, thread } = await setup(
      [
        callCode('ok', 'function main(i){return i.n+1}'),
        callCode('no', 'function main(){return 0}'),
        text('five, and the second was refused'),
      ],
      {},
      true,
    );
    const { run } = await app.sendMessage(cyd.principal, thread.id, { content: 'go' });
    await drive(app);
    expect(approvals.opened).to.deep.equal(['ok']);
    expect((await app.runs.findById(run.id))?.status).to.equal('running');
    expect(model.seen).to.have.length(1);
    approvals.decisions.set('approval-ok', 'approved');
    app.clock.advance(2);
    await drive(app);
    expect(model.seen[1]?.at(-1)).to.deep.equal({ role: 'tool', toolCallId: 'ok', content: '{"output":5}' });
    expect(approvals.opened).to.deep.equal(['ok', 'no']);
    approvals.decisions.set('approval-no', 'rejected');
    app.clock.advance(2);
    await drive(app);
    const last = model.seen[2]?.at(-1) as { content: string };
    const refusal = JSON.parse(last.content);
    expect(refusal.error.code).to.equal('rejected');
    const done = await app.runs.findById(run.id);
    expect(done?.status).to.equal('succeeded');
    expect(done?.output).to.deep.equal({ message: 'five, and the second was refused' });
  });
});
