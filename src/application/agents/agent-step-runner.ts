import { MAX_MESSAGE_LENGTH } from '../../domain/agents/thread.ts';
import type { AgentStepRunner } from '../blueprints/index.ts';
import type { AgentRepository } from './ports/agent-repository.ts';
import { type QueueAnswerDeps, queueAnswer } from './queue-answer.ts';

/**
 * The blueprints area's `AgentStepRunner`: an `agent` step starts a thread of its own with the agent (metadata
 * `{blueprint_run_id, node_id}`, so it can be read like any thread), its message the step's, and queues the
 * agent's run answering it as the step's child run; the run's output `{message}` completes the step. In the
 * engine's transaction. An agent of another workspace, or gone, fails the step (`agent_not_found`).
 */
export function makeAgentStepRunner(
  deps: QueueAnswerDeps & { readonly agents: AgentRepository; readonly nudgeAgents: () => void },
): AgentStepRunner {
  return {
    async start({ run, nodeId, agentId, message, now }) {
      const agent = await deps.agents.findById(agentId);
      if (agent?.workspaceId !== run.workspaceId) {
        return {
          type: 'failed',
          error: { code: 'agent_not_found', message: `no agent ${agentId} in the run's workspace` },
        };
      }
      if (message.length > MAX_MESSAGE_LENGTH) {
        return {
          type: 'failed',
          error: { code: 'invalid_input', message: `the message is over ${MAX_MESSAGE_LENGTH} characters` },
        };
      }
      const thread = {
        id: deps.ids.newId(),
        workspaceId: run.workspaceId,
        agentId: agent.id,
        metadata: { blueprint_run_id: run.id, node_id: nodeId },
        // Started by the engine, not by a person: the memory tool has no user to keep memories under.
        createdBy: null,
        createdAt: now,
      };
      await deps.threads.add(thread);
      const answer = await queueAnswer(deps, {
        thread,
        agentVersion: agent.latestVersion,
        content: message,
        parentMessageId: null,
        parent: { runId: run.id, stepId: nodeId, taskType: null },
        now,
      });
      deps.nudgeAgents();
      return { type: 'child', runId: answer.run.id };
    },
  };
}
