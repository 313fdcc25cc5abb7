import type { RunTokenUsage } from '../runs/index.ts';
import type { AgentRunRepository } from './ports/agent-run-repository.ts';

/** The runs area's `RunTokenUsage`, answered from `agent_runs`: an agent run's tokens, summed over its model calls. */
export function makeAgentRunTokenUsage(deps: { readonly agentRuns: AgentRunRepository }): RunTokenUsage {
  return {
    async ofRun(runId) {
      const work = await deps.agentRuns.findByRunId(runId);
      return work && { inputTokens: work.inputTokens, outputTokens: work.outputTokens };
    },
  };
}
