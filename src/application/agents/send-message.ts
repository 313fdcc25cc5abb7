import {
  MessageNotFound,
  parseMessageContent,
  ThreadBusy,
  type ThreadMessage,
  ThreadNotFound,
} from '../../domain/agents/thread.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { RunRepository } from '../runs/index.ts';
import { accessibleThread, type ThreadAccessDeps } from './accessible-agent.ts';
import type { AgentRepository } from './ports/agent-repository.ts';
import type { AgentRunRepository } from './ports/agent-run-repository.ts';
import { queueAnswer } from './queue-answer.ts';

export interface SendMessageInput {
  readonly content: string;
  readonly parent_id?: string | undefined;
}

export type SendMessage = (
  principal: Principal,
  threadId: string,
  input: SendMessageInput,
) => Promise<{ message: ThreadMessage; run: Run }>;

/**
 * Members send a message to a thread: it follows the newest message, or `parent_id` (a new branch: how a
 * message is edited), and starts the agent's run that answers it, queued for the server to carry out. Under
 * the thread's row lock, so of two messages sent at once one gets 409 `thread_busy` (one run of a thread
 * at a time; a unique index on the run's thread backs it).
 */
export function makeSendMessage(
  deps: ThreadAccessDeps & {
    agents: AgentRepository;
    runs: RunRepository;
    agentRuns: AgentRunRepository;
    unitOfWork: UnitOfWork;
    clock: Clock;
    ids: IdGenerator;
    nudgeAgents: () => void;
  },
): SendMessage {
  return async (principal, threadId, input) => {
    await accessibleThread(deps, principal, threadId, 'member');
    const content = parseMessageContent(input.content);
    const sent = await deps.unitOfWork.transaction(async () => {
      const thread = await deps.threads.lock(threadId);
      if (!thread) throw new ThreadNotFound();
      if ((await deps.threads.activeRunId(thread.id)) !== undefined) throw new ThreadBusy();
      const parent =
        input.parent_id === undefined
          ? await deps.threads.newestMessage(thread.id)
          : await deps.threads.findMessage(thread.id, input.parent_id);
      if (input.parent_id !== undefined && !parent) throw new MessageNotFound();
      const agent = await deps.agents.findById(thread.agentId);
      if (!agent) throw new ThreadNotFound();
      return queueAnswer(deps, {
        thread,
        agentVersion: agent.latestVersion,
        content,
        parentMessageId: parent?.id ?? null,
        now: deps.clock.now(),
      });
    });
    deps.nudgeAgents();
    return sent;
  };
}
