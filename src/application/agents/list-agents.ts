import type { Agent, AgentVersion } from '../../domain/agents/agent.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { AgentRepository } from './ports/agent-repository.ts';

export type ListAgents = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<{ agent: Agent; version: AgentVersion }>>;

/** Members list their workspace's agents, oldest first, each with its latest version. */
export function makeListAgents(deps: {
  agents: AgentRepository;
  workspaceAccess: WorkspaceAccess;
}): ListAgents {
  return async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'member');
    const found = await deps.agents.listForWorkspace(workspaceId, page);
    const items = [];
    for (const agent of found.items) {
      const version = await deps.agents.findVersion(agent.id, agent.latestVersion);
      if (version) items.push({ agent, version });
    }
    return { items, next: found.next };
  };
}
