import { parseFileIds } from '../../domain/agents/message-files.ts';
import {
  MessageNotFound,
  parseMessageContent,
  ThreadBusy,
  type ThreadMessage,
  ThreadNotFound,
} from '../../domain/agents/thread.ts';
import { InvalidFields } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Run } from '../../domain/runs/index.ts';
import type { FileRepository } from '../files/index.ts';
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
  /** Files of the thread's workspace the message refers to: the model receives them with it. */
  readonly file_ids?: readonly string[] | undefined;
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
 * at a time; a unique index on the run's thread backs it). `file_ids` must name files of the thread's
 * workspace (another workspace's file is refused like one that does not exist: 400 at its path).
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
    files: FileRepository;
  },
): SendMessage {
  return async (principal, threadId, input) => {
    const { workspaceId } = await accessibleThread(deps, principal, threadId, 'member');
    const content = parseMessageContent(input.content);
    const fileIds = parseFileIds(input.file_ids);
    const foreign = (
      await Promise.all(
        fileIds.map(async (id) => (await deps.files.findById(id))?.workspaceId === workspaceId),
      )
    ).flatMap((ours, index) =>
      ours ? [] : [{ path: `/file_ids/${index}`, message: 'must name a file of the workspace' }],
    );
    if (foreign.length > 0) throw new InvalidFields(foreign);
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
        fileIds,
        parentMessageId: parent?.id ?? null,
        now: deps.clock.now(),
      });
    });
    deps.nudgeAgents();
    return sent;
  };
}
