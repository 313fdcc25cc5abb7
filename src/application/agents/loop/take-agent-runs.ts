import type { AgentRunWork } from '../../../domain/agents/agent-run-work.ts';
import type { Clock } from '../../kernel/ports/clock.ts';
import type { AgentRunRepository } from '../ports/agent-run-repository.ts';

/** How long an instance holds an agent run before another may take it over (renewed while it works). */
export const AGENT_LEASE_SECONDS = 10;

export type TakeAgentRuns = (limit: number, owner: string) => Promise<AgentRunWork[]>;

/** Takes up to `limit` due agent runs (those other instances hold are skipped), leased to `owner`. */
export function makeTakeAgentRuns(deps: { agentRuns: AgentRunRepository; clock: Clock }): TakeAgentRuns {
  return (limit, owner) => {
    const now = deps.clock.now();
    return deps.agentRuns.takeDue(now, limit, owner, new Date(now.getTime() + AGENT_LEASE_SECONDS * 1000));
  };
}
