import type { AgentRepository } from '../../../application/agents/ports/agent-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import { type Agent, AgentNameTaken, type AgentVersion } from '../../../domain/agents/agent.ts';
import { pageOfRows } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { agentTables } from './agent-tables.ts';

/** Agents and versions in the store; each step runs alone, so names are checked and versions numbered safely. */
export class InMemoryAgentRepository extends inMemoryRepository(agentTables) implements AgentRepository {
  add(agent: Agent, first: AgentVersion): Promise<void> {
    return this.atomically(({ agents, versions }) => {
      assertNameFree(agents.all(), agent);
      agents.put(agent);
      versions.put(first);
    });
  }

  findById(id: string): Promise<Agent | undefined> {
    return this.atomically(({ agents }) => agents.get(id));
  }

  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Agent>> {
    return this.atomically(({ agents }) =>
      pageOfRows(
        agents.filter((a) => a.workspaceId === workspaceId),
        page,
        'asc',
      ),
    );
  }

  addVersion(
    id: string,
    make: (agent: Agent) => AgentVersion,
  ): Promise<{ agent: Agent; version: AgentVersion } | undefined> {
    return this.atomically(({ agents, versions }) => {
      const agent = agents.get(id);
      if (!agent) return undefined;
      const version = make(agent);
      assertNameFree(agents.all(), agent);
      agents.put(agent);
      versions.put(version);
      return { agent, version };
    });
  }

  findVersion(agentId: string, version: number): Promise<AgentVersion | undefined> {
    return this.atomically(({ versions }) => versions.get(`${agentId}/${version}`));
  }

  delete(id: string): Promise<void> {
    return this.atomically(({ agents }) => {
      agents.delete(id);
    });
  }
}

function assertNameFree(agents: readonly Agent[], agent: Agent): void {
  if (agents.some((a) => a.id !== agent.id && a.workspaceId === agent.workspaceId && a.name === agent.name)) {
    throw new AgentNameTaken();
  }
}
