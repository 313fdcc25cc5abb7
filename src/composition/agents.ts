import { randomUUID } from 'node:crypto';
import { AgentRunner } from '../adapters/agents/agent-runner.ts';
import { agentRoutes } from '../adapters/agents/http/agent-routes.ts';
import { threadRoutes } from '../adapters/agents/http/thread-routes.ts';
import { InMemoryAgentRepository } from '../adapters/agents/memory/in-memory-agent-repository.ts';
import { InMemoryAgentRunRepository } from '../adapters/agents/memory/in-memory-agent-run-repository.ts';
import { InMemoryThreadRepository } from '../adapters/agents/memory/in-memory-thread-repository.ts';
import { PostgresAgentRepository } from '../adapters/agents/postgres/postgres-agent-repository.ts';
import { PostgresAgentRunRepository } from '../adapters/agents/postgres/postgres-agent-run-repository.ts';
import { PostgresThreadRepository } from '../adapters/agents/postgres/postgres-thread-repository.ts';
import { makeAgentRunTokenUsage } from '../application/agents/agent-run-token-usage.ts';
import { makeAgentStepRunner } from '../application/agents/agent-step-runner.ts';
import { type CreateAgent, makeCreateAgent } from '../application/agents/create-agent.ts';
import { type CreateThread, makeCreateThread } from '../application/agents/create-thread.ts';
import { type DeleteAgent, makeDeleteAgent } from '../application/agents/delete-agent.ts';
import {
  type GetAgent,
  type GetAgentVersion,
  makeGetAgent,
  makeGetAgentVersion,
} from '../application/agents/get-agent.ts';
import { type ListAgents, makeListAgents } from '../application/agents/list-agents.ts';
import {
  type CarryOutAgentRun,
  makeCarryOutAgentRun,
} from '../application/agents/loop/carry-out-agent-run.ts';
import { makeTakeAgentRuns, type TakeAgentRuns } from '../application/agents/loop/take-agent-runs.ts';
import type { AgentMemory } from '../application/agents/ports/agent-memory.ts';
import type { AgentRepository } from '../application/agents/ports/agent-repository.ts';
import type { AgentRunRepository } from '../application/agents/ports/agent-run-repository.ts';
import type { KnowledgeSearch } from '../application/agents/ports/knowledge-search.ts';
import type { ThreadRepository } from '../application/agents/ports/thread-repository.ts';
import type { ToolApprovals } from '../application/agents/ports/tool-approvals.ts';
import { makeSendMessage, type SendMessage } from '../application/agents/send-message.ts';
import { makeShowBranch, type ShowBranch } from '../application/agents/show-branch.ts';
import { makeStartAgentRun, type StartAgentRun } from '../application/agents/start-agent-run.ts';
import {
  type DeleteThread,
  type GetThread,
  type ListThreads,
  makeDeleteThread,
  makeGetThread,
  makeListThreads,
} from '../application/agents/thread-reads.ts';
import {
  type ActiveThreadRun,
  type ListMessages,
  makeActiveThreadRun,
  makeListMessages,
  makeStopThread,
  type StopThread,
} from '../application/agents/thread-runs.ts';
import { makeToolCallApprovals } from '../application/agents/tool-call-approvals.ts';
import { makeUpdateAgent, type UpdateAgent } from '../application/agents/update-agent.ts';
import type { AgentStepRunner } from '../application/blueprints/index.ts';
import type { RunTokenUsage } from '../application/runs/index.ts';
import type { Area } from './area.ts';
import type { ThroughModels } from './models.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Agents with immutable versions, threads of messages, and the runner that carries out their answers. */
export interface AgentsCradle {
  agents: AgentRepository;
  threads: ThreadRepository;
  agentRuns: AgentRunRepository;
  /** The runs area's question (`GET /api/runs/{id}` shows an agent run's tokens), answered from `agentRuns`. */
  runTokenUsage: RunTokenUsage;
  /** The blueprints area's question: an `agent` node's run of an agent. */
  agentStepRunner: AgentStepRunner;
  /** Approvals of tool calls with `requires_approval` (none on this server yet: such calls are refused). */
  toolApprovals: ToolApprovals;
  createAgent: CreateAgent;
  listAgents: ListAgents;
  getAgent: GetAgent;
  getAgentVersion: GetAgentVersion;
  updateAgent: UpdateAgent;
  deleteAgent: DeleteAgent;
  createThread: CreateThread;
  listThreads: ListThreads;
  getThread: GetThread;
  deleteThread: DeleteThread;
  sendMessage: SendMessage;
  /** Queues an agent run answering a message, in the caller's unit of work (sendMessage's, an evaluation's). */
  startAgentRun: StartAgentRun;
  listMessages: ListMessages;
  /** A branch with each message's siblings (the console's chat page). */
  showBranch: ShowBranch;
  activeThreadRun: ActiveThreadRun;
  stopThread: StopThread;
  takeAgentRuns: TakeAgentRuns;
  carryOutAgentRun: CarryOutAgentRun;
  agentRunner: AgentRunner;
  /** Tells this instance's runner to look for work (and cancellations) now. */
  nudgeAgents: () => void;
}

/** What agents ask of later areas: the memory of the `memory` tool (the memory area answers it) and the searches of
 * the `knowledge` tool (the knowledge area answers them). */
export interface AgentsNeeds {
  agentMemory: AgentMemory;
  knowledgeSearch: KnowledgeSearch;
}

export type ThroughAgents = ThroughModels & AgentsCradle & AgentsNeeds;

const { singleton } = registrar<ThroughAgents>();
const { stored } = adaptersFor<ThroughAgents>();

export const agents: Area<AgentsCradle, ThroughAgents> = {
  name: 'agents',
  register: ({ config, persistence }) => ({
    agents: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresAgentRepository({ db }),
        memory: (store) => new InMemoryAgentRepository({ store }),
      }),
    ),
    threads: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresThreadRepository({ db }),
        memory: (store) => new InMemoryThreadRepository({ store }),
      }),
    ),
    agentRuns: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresAgentRunRepository({ db }),
        memory: (store) => new InMemoryAgentRunRepository({ store }),
      }),
    ),
    runTokenUsage: singleton(makeAgentRunTokenUsage),
    agentStepRunner: singleton(makeAgentStepRunner),
    toolApprovals: singleton(makeToolCallApprovals),
    createAgent: singleton(makeCreateAgent),
    listAgents: singleton(makeListAgents),
    getAgent: singleton(makeGetAgent),
    getAgentVersion: singleton(makeGetAgentVersion),
    updateAgent: singleton(makeUpdateAgent),
    deleteAgent: singleton(makeDeleteAgent),
    createThread: singleton(makeCreateThread),
    listThreads: singleton(makeListThreads),
    getThread: singleton(makeGetThread),
    deleteThread: singleton(makeDeleteThread),
    sendMessage: singleton(makeSendMessage),
    startAgentRun: singleton(makeStartAgentRun),
    listMessages: singleton(makeListMessages),
    showBranch: singleton(makeShowBranch),
    activeThreadRun: singleton(makeActiveThreadRun),
    stopThread: singleton(makeStopThread),
    takeAgentRuns: singleton((deps) => makeTakeAgentRuns(deps, config.blueprintEngine.leaseSeconds)),
    carryOutAgentRun: singleton(makeCarryOutAgentRun),
    agentRunner: singleton(
      (deps) =>
        // Agent runs share the blueprint engine's poll and lease; how many run at once is their own setting.
        new AgentRunner(deps, {
          pollMs: config.blueprintEngine.pollIntervalMs,
          concurrency: config.models.agentRunnerConcurrency,
          childPollMs: 250,
          cancelPollMs: 250,
          owner: randomUUID(),
          leaseSeconds: config.blueprintEngine.leaseSeconds,
        }),
      (runner) => runner.stop(),
    ),
    nudgeAgents: singleton(
      ({ agentRunner }) =>
        () =>
          agentRunner.nudge(),
    ),
  }),
  routes: (deps) => [...agentRoutes(deps), ...threadRoutes(deps)],
  jobs: ({ agentRunner }) => [agentRunner],
};
