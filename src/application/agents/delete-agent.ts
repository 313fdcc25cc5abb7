import type { Principal } from '../../domain/kernel/principal.ts';
import { type AgentAccessDeps, accessibleAgent } from './accessible-agent.ts';

export type DeleteAgent = (principal: Principal, agentId: string) => Promise<void>;

/** Admins and owners delete an agent, with its versions, threads, messages and runs. */
export function makeDeleteAgent(deps: AgentAccessDeps): DeleteAgent {
  return async (principal, agentId) => {
    const agent = await accessibleAgent(deps, principal, agentId, 'admin');
    await deps.agents.delete(agent.id);
  };
}
