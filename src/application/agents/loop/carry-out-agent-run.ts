import type { AgentVersion } from '../../../domain/agents/agent.ts';
import type { AgentRunWork } from '../../../domain/agents/agent-run-work.ts';
import { nextMove } from '../../../domain/agents/agent-turn.ts';
import type { ThreadMessage } from '../../../domain/agents/thread.ts';
import { DomainError } from '../../../domain/kernel/errors.ts';
import type { ModelAnswer, ToolCall } from '../../../domain/models/index.ts';
import { ProviderError } from '../../../domain/models/index.ts';
import { type Outcome, type Run, RunCancelled, type RunEventDraft } from '../../../domain/runs/index.ts';
import type { Clock } from '../../kernel/ports/clock.ts';
import type { IdGenerator } from '../../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../../kernel/ports/unit-of-work.ts';
import type { ModelProviders, ProviderAccountRepository } from '../../models/index.ts';
import type { RunEventRepository, RunRepository, RunTransitions } from '../../runs/index.ts';
import type { AgentRepository } from '../ports/agent-repository.ts';
import type { AgentRunRepository } from '../ports/agent-run-repository.ts';
import type { ThreadRepository } from '../ports/thread-repository.ts';
import type { ToolApprovals } from '../ports/tool-approvals.ts';
import { agentEvent } from './agent-events.ts';
import { DeltaBuffer } from './delta-buffer.ts';
import { chatMessagesWithFiles, type MessageFilesDeps } from './message-files.ts';
import { childResult, failure, runTool, type ToolDeps, type ToolResult, toolSpecs } from './run-tool.ts';

export interface CarryOutAgentRunDeps extends ToolDeps, MessageFilesDeps {
  readonly unitOfWork: UnitOfWork;
  readonly runs: RunRepository;
  readonly runTransitions: RunTransitions;
  readonly runEvents: RunEventRepository;
  readonly agents: AgentRepository;
  readonly threads: ThreadRepository;
  readonly agentRuns: AgentRunRepository;
  readonly providerAccounts: ProviderAccountRepository;
  readonly modelProviders: ModelProviders;
  readonly toolApprovals: ToolApprovals;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** How this instance holds the run: its lease owner name, and the signal that aborts its model request. */
export interface Holding {
  readonly owner: string;
  readonly signal: AbortSignal;
  /** How long a run whose tool waits for a child run waits before it looks again. */
  readonly childPollMs: number;
}

export type CarryOutAgentRun = (work: AgentRunWork, holding: Holding) => Promise<void>;

/** This instance no longer holds the run's lease (another took it over): it stops without writing. */
class LeaseLost extends Error {}

/**
 * Carries an agent run this instance took (its lease held) as far as it can: each step reads where the run
 * stands from what is stored (the branch the run has written, nextMove), does one thing (a model call, a tool
 * call) and commits its result, with its events, under the lease before the next, so a run taken over after a
 * crash goes on from its last commit and never repeats a finished model or tool call. It returns once the run
 * ended, waits for a child run (due again after `childPollMs`), or was stopped or taken over.
 */
export function makeCarryOutAgentRun(deps: CarryOutAgentRunDeps): CarryOutAgentRun {
  return async (work, holding) => {
    try {
      for (;;) {
        const more = await step(deps, work.runId, holding);
        if (!more) return;
      }
    } catch (error) {
      if (!(error instanceof LeaseLost || error instanceof RunCancelled || holding.signal.aborted))
        throw error;
      const run = await deps.runs.findById(work.runId);
      if (run && run.status !== 'queued' && run.status !== 'running') await ended(deps, run, holding);
    }
  };
}

async function step(deps: CarryOutAgentRunDeps, runId: string, holding: Holding): Promise<boolean> {
  const found = await deps.runs.findById(runId);
  const work = await deps.agentRuns.findByRunId(runId);
  if (!found || !work || work.leaseOwner !== holding.owner) return false;
  if (found.status !== 'queued' && found.status !== 'running') {
    await ended(deps, found, holding);
    return false;
  }
  let run = found;
  if (run.status === 'queued') {
    const begun = await deps.runTransitions.change(runId, (r) => {
      if (r.status === 'queued') r.begin(deps.clock.now());
    });
    if (begun?.status !== 'running') return true;
    run = begun;
  }
  const version = await deps.agents.findVersion(run.agentId as string, run.agentVersion as number);
  if (!version) return conclude(deps, run, holding, failed('agent_not_found', 'the agent version is gone'));
  const leaf = await deps.threads.newestMessageOfRun(run.id);
  const branch = leaf ? await deps.threads.branch(run.threadId as string, leaf.id) : [];
  const move = nextMove(branch);
  if (move.type === 'answered') {
    return conclude(deps, run, holding, { status: 'succeeded', output: { message: move.content } });
  }
  if (move.type === 'call_model') {
    if (work.modelCalls >= version.settings.maxSteps) {
      const message = `the agent made ${version.settings.maxSteps} model calls without a final answer`;
      return conclude(deps, run, holding, failed('step_limit', message));
    }
    let answer: ModelAnswer;
    try {
      answer = await callModel(deps, run, version, branch, holding);
    } catch (error) {
      if (error instanceof ProviderError) {
        return conclude(deps, run, holding, failed('provider_error', error.message, error.status));
      }
      throw error;
    }
    await storeAnswer(deps, run, holding, branch.at(-1) as ThreadMessage, answer);
    return true;
  }
  return callTool(deps, run, version, branch, move.call, work, holding);
}

/** Streams the model's answer to the branch, its text as batched `message.delta` events. */
async function callModel(
  deps: CarryOutAgentRunDeps,
  run: Run,
  version: AgentVersion,
  branch: readonly ThreadMessage[],
  holding: Holding,
): Promise<ModelAnswer> {
  const account = await deps.providerAccounts.findById(version.providerId);
  if (!account) throw new ProviderError(null, 'the model provider of this agent was deleted');
  const provider = deps.modelProviders(account);
  const messages = await chatMessagesWithFiles(deps, run.workspaceId, branch);
  const deltas = new DeltaBuffer(async (text) => {
    await deps.runEvents.append(
      run.id,
      [agentEvent('message.delta', { text }, deps.clock.now())],
      stillRunning,
    );
  });
  try {
    for await (const event of provider.chat({
      model: version.model,
      instructions: version.instructions,
      messages,
      tools: version.tools.length > 0 ? toolSpecs(version.tools) : undefined,
      temperature: version.settings.temperature ?? undefined,
      maxOutputTokens: version.settings.maxOutputTokens ?? undefined,
      signal: holding.signal,
    })) {
      if (event.type === 'text') deltas.add(event.text);
      if (event.type === 'done') {
        await deltas.flush();
        return event.answer;
      }
    }
    throw new ProviderError(null, 'the model stream ended without an answer');
  } finally {
    deltas.discard();
  }
}

/** The model's answer, its tool calls and usage committed as one step. */
async function storeAnswer(
  deps: CarryOutAgentRunDeps,
  run: Run,
  holding: Holding,
  parent: ThreadMessage,
  answer: ModelAnswer,
): Promise<void> {
  await commit(deps, run.id, holding, async (work, now) => {
    work.modelCalls += 1;
    work.inputTokens += answer.usage?.inputTokens ?? 0;
    work.outputTokens += answer.usage?.outputTokens ?? 0;
    await deps.threads.addMessage({
      id: deps.ids.newId(),
      threadId: run.threadId as string,
      parentId: parent.id,
      role: 'assistant',
      content: answer.content,
      toolCalls: answer.toolCalls.length > 0 ? answer.toolCalls : null,
      toolCallId: null,
      fileIds: [],
      runId: run.id,
      createdAt: now,
    });
    const events: RunEventDraft[] = answer.toolCalls.map((call) =>
      agentEvent('tool.call', { id: call.id, name: call.name, arguments: call.arguments }, now),
    );
    if (answer.usage) {
      const { inputTokens, outputTokens } = answer.usage;
      events.push(agentEvent('usage', { input_tokens: inputTokens, output_tokens: outputTokens }, now));
    }
    return events;
  });
}

/** Runs the call (or collects its child run), committing its result; false when it waits for a child. */
async function callTool(
  deps: CarryOutAgentRunDeps,
  run: Run,
  version: AgentVersion,
  branch: readonly ThreadMessage[],
  call: ToolCall,
  work: AgentRunWork,
  holding: Holding,
): Promise<boolean> {
  const parent = branch.at(-1) as ThreadMessage;
  const childRunId = work.waiting?.toolCallId === call.id ? work.waiting.childRunId : undefined;
  if (childRunId !== undefined) {
    const child = await deps.runs.findById(childRunId);
    if (child && (child.status === 'queued' || child.status === 'running')) {
      await release(deps, run.id, holding, new Date(deps.clock.now().getTime() + holding.childPollMs));
      return false;
    }
    await storeResult(deps, run, holding, parent, call, childResult(child));
    return true;
  }
  const tool = version.tools.find(({ name }) => name === call.name);
  const waiting = work.waiting?.toolCallId === call.id ? work.waiting : null;
  if (tool?.requiresApproval && !waiting?.approved) {
    return awaitApproval(deps, run, holding, parent, tool, call, waiting?.approvalId);
  }
  let outcome: Awaited<ReturnType<typeof runTool>>;
  try {
    outcome = await runTool(deps, run, version.tools, call, deps.clock.now());
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== 'invalid') throw error;
    outcome = { type: 'result', result: failure('invalid_arguments', error.message) };
  }
  if (outcome.type === 'result') {
    await storeResult(deps, run, holding, parent, call, outcome.result);
    return true;
  }
  const child = outcome.run;
  await commit(deps, run.id, holding, async (locked) => {
    await deps.runs.add(child);
    locked.waiting = { toolCallId: call.id, childRunId: child.id };
    return [];
  });
  return true;
}

/** How often a run whose tool call waits for a person looks at the approval again. */
const APPROVAL_POLL_MS = 1000;

/**
 * A call of a tool with `requires_approval`: opens its approval (committed with the run's waiting for it),
 * then, each time the run is due, reads the decision: approved, the call runs next; rejected or expired, the
 * model is answered with the refusal and the run goes on; pending, the run waits.
 */
async function awaitApproval(
  deps: CarryOutAgentRunDeps,
  run: Run,
  holding: Holding,
  parent: ThreadMessage,
  tool: AgentVersion['tools'][number],
  call: ToolCall,
  approvalId: string | undefined,
): Promise<boolean> {
  if (approvalId === undefined) {
    await commit(deps, run.id, holding, async (work) => {
      work.waiting = { toolCallId: call.id, approvalId: await deps.toolApprovals.open(run, tool, call) };
      return [];
    });
    return true;
  }
  const decision = await deps.toolApprovals.decision(approvalId);
  if (decision === 'pending') {
    await release(deps, run.id, holding, new Date(deps.clock.now().getTime() + APPROVAL_POLL_MS));
    return false;
  }
  if (decision === 'approved') {
    await commit(deps, run.id, holding, async (work) => {
      work.waiting = { toolCallId: call.id, approvalId, approved: true };
      return [];
    });
    return true;
  }
  const refusal =
    decision === 'rejected'
      ? failure('rejected', 'a person refused this tool call; it did not run')
      : failure('approval_timeout', 'nobody approved this tool call in time; it did not run');
  await storeResult(deps, run, holding, parent, call, refusal);
  return true;
}

async function storeResult(
  deps: CarryOutAgentRunDeps,
  run: Run,
  holding: Holding,
  parent: ThreadMessage,
  call: ToolCall,
  result: ToolResult,
): Promise<void> {
  await commit(deps, run.id, holding, async (work, now) => {
    work.waiting = null;
    await deps.threads.addMessage({
      id: deps.ids.newId(),
      threadId: run.threadId as string,
      parentId: parent.id,
      role: 'tool',
      content: JSON.stringify(result),
      toolCalls: null,
      toolCallId: call.id,
      fileIds: [],
      runId: run.id,
      createdAt: now,
    });
    return [agentEvent('tool.result', { id: call.id, ...result }, now)];
  });
}

/**
 * One step's result, committed under the run's row lock and this instance's lease (refused once another
 * instance took the run over, or once the run was cancelled), with its events.
 */
async function commit(
  deps: CarryOutAgentRunDeps,
  runId: string,
  holding: Holding,
  apply: (work: AgentRunWork, now: Date) => Promise<RunEventDraft[]>,
): Promise<void> {
  await deps.unitOfWork.transaction(async () => {
    const run = await deps.runs.findLocked(runId);
    if (run?.status !== 'running') throw new LeaseLost();
    const work = await deps.agentRuns.lockHeld(runId, holding.owner);
    if (!work) throw new LeaseLost();
    const events = await apply(work, deps.clock.now());
    await deps.agentRuns.save(work);
    if (events.length > 0) await deps.runEvents.append(runId, events, stillRunning);
  });
}

/** The run ends: its outcome, and its work row done with (nothing is due any more). */
async function conclude(
  deps: CarryOutAgentRunDeps,
  run: Run,
  holding: Holding,
  outcome: Outcome,
): Promise<false> {
  await deps.unitOfWork.transaction(async () => {
    const work = await deps.agentRuns.lockHeld(run.id, holding.owner);
    if (!work) throw new LeaseLost();
    await deps.runTransitions.change(run.id, (locked) => {
      if (locked.status === 'running') locked.conclude(outcome, deps.clock.now());
    });
    work.dueAt = null;
    work.leaseOwner = null;
    await deps.agentRuns.save(work);
  });
  return false;
}

/** A run that ended otherwise (cancelled): its waiting child run is cancelled, its work done with. */
async function ended(deps: CarryOutAgentRunDeps, run: Run, holding: Holding): Promise<void> {
  const work = await deps.agentRuns.findByRunId(run.id);
  if (work?.waiting?.childRunId) {
    await deps.runTransitions.change(work.waiting.childRunId, (child) => {
      if (child.status === 'queued' || child.status === 'running') child.cancel(deps.clock.now());
    });
  }
  await release(deps, run.id, holding, null);
}

/** Gives the lease back: the run is due again at `dueAt` (null: never). */
async function release(
  deps: CarryOutAgentRunDeps,
  runId: string,
  holding: Holding,
  dueAt: Date | null,
): Promise<void> {
  await deps.unitOfWork.transaction(async () => {
    const work = await deps.agentRuns.lockHeld(runId, holding.owner);
    if (!work) return;
    work.dueAt = dueAt;
    work.leaseOwner = null;
    await deps.agentRuns.save(work);
  });
}

/** A failed outcome; `providerStatus` only for `provider_error` (the provider's HTTP status, or null). */
function failed(code: string, message: string, providerStatus?: number | null): Outcome {
  const error = { code, message: message.slice(0, 4000) };
  return {
    status: 'failed',
    error: providerStatus === undefined ? error : { ...error, status: providerStatus },
  };
}

/** Events of an agent run are written only while it runs: a cancelled run's writer learns it here. */
function stillRunning(run: Run): void {
  if (run.status !== 'running') throw new RunCancelled();
}
