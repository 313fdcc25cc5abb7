import { newAgentRunWork } from '../../domain/agents/agent-run-work.ts';
import type { Thread, ThreadMessage } from '../../domain/agents/thread.ts';
import { Run, type RunParent } from '../../domain/runs/index.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { RunRepository } from '../runs/index.ts';
import type { AgentRunRepository } from './ports/agent-run-repository.ts';
import type { ThreadRepository } from './ports/thread-repository.ts';

export interface QueueAnswerDeps {
  readonly runs: RunRepository;
  readonly threads: ThreadRepository;
  readonly agentRuns: AgentRunRepository;
  readonly ids: IdGenerator;
}

/**
 * A user message of `thread` and the agent's run that answers it (at `agentVersion`), queued for the server to
 * carry out; with `parent`, the run is that blueprint step's child run. In the caller's transaction.
 */
export async function queueAnswer(
  deps: QueueAnswerDeps,
  request: {
    readonly thread: Pick<Thread, 'id' | 'workspaceId' | 'agentId'>;
    readonly agentVersion: number;
    readonly content: string;
    /** The workspace's files the message refers to (checked by the caller). */
    readonly fileIds?: readonly string[];
    readonly parentMessageId: string | null;
    readonly parent?: RunParent;
    /** An evaluation's run for one of its items (trigger `evaluation`); a thread's message otherwise (`manual`). */
    readonly evaluation?: { readonly id: string; readonly itemId: string };
    readonly now: Date;
  },
): Promise<{ message: ThreadMessage; run: Run }> {
  const { thread, content, now } = request;
  const fileIds = request.fileIds ?? [];
  const messageId = deps.ids.newId();
  const run = Run.queue({
    id: deps.ids.newId(),
    missionId: null,
    workspaceId: thread.workspaceId,
    triggerType: request.evaluation ? 'evaluation' : 'manual',
    evaluation: request.evaluation ?? null,
    input: { message_id: messageId, content, ...(fileIds.length > 0 && { file_ids: fileIds }) },
    agent: { id: thread.agentId, version: request.agentVersion, threadId: thread.id },
    ...(request.parent && { parent: request.parent }),
    now,
  });
  if (!(await deps.runs.add(run))) throw new Error(`run ${run.id} was not stored`);
  const message: ThreadMessage = {
    id: messageId,
    threadId: thread.id,
    parentId: request.parentMessageId,
    role: 'user',
    content,
    toolCalls: null,
    toolCallId: null,
    fileIds,
    runId: run.id,
    createdAt: now,
  };
  await deps.threads.addMessage(message);
  await deps.agentRuns.add(newAgentRunWork(run.id, now));
  return { message, run };
}
