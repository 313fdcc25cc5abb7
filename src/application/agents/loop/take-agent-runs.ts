import type { AgentRunWork } from '../../../domain/agents/agent-run-work.ts';
import type { Clock } from '../../kernel/ports/clock.ts';
import type { AgentRunRepository } from '../ports/agent-run-repository.ts';

export type TakeAgentRuns = (limit: number, owner: string) => Promise<AgentRunWork[]>;

/**
 * Takes up to `limit` due agent runs (those other instances hold are skipped), leased to `owner` for
 * `leaseSeconds` (BLUEPRINT_ENGINE_LEASE_SECONDS): the time before another instance may take a run over.
 */
export function makeTakeAgentRuns(
  deps: { agentRuns: AgentRunRepository; clock: Clock },
  leaseSeconds: number,
): TakeAgentRuns {
  return (limit, owner) => {
    const now = deps.clock.now();
    return deps.agentRuns.takeDue(now, limit, owner, new Date(now.getTime() + leaseSeconds * 1000));
  };
}
