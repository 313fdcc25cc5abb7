import { type Agent, AgentNotFound, type AgentVersion } from '../../domain/agents/agent.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type AgentAccessDeps, accessibleAgent } from './accessible-agent.ts';

export type GetAgent = (
  principal: Principal,
  agentId: string,
) => Promise<{ agent: Agent; version: AgentVersion }>;
export type GetAgentVersion = (
  principal: Principal,
  agentId: string,
  version: number,
) => Promise<AgentVersion>;

/** Members read an agent with its latest version. */
export function makeGetAgent(deps: AgentAccessDeps): GetAgent {
  return async (principal, agentId) => {
    const agent = await accessibleAgent(deps, principal, agentId, 'member');
    const version = await deps.agents.findVersion(agent.id, agent.latestVersion);
    if (!version) throw new AgentNotFound();
    return { agent, version };
  };
}

/** Members read any version of an agent (unknown: 404). */
export function makeGetAgentVersion(deps: AgentAccessDeps): GetAgentVersion {
  return async (principal, agentId, number) => {
    const agent = await accessibleAgent(deps, principal, agentId, 'member');
    const version = await deps.agents.findVersion(agent.id, number);
    if (!version) throw new AgentNotFound();
    return version;
  };
}
