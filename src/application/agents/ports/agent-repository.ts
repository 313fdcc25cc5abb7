import type { Agent, AgentVersion } from '../../../domain/agents/agent.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** Agents and their immutable versions. Every method joins the surrounding `UnitOfWork` transaction. */
export interface AgentRepository {
  /** Stores a new agent with its version 1; throws `AgentNameTaken` when the workspace has one of that name. */
  add(agent: Agent, first: AgentVersion): Promise<void>;
  findById(id: string): Promise<Agent | undefined>;
  /** The workspace's agents, oldest first. */
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Agent>>;
  /**
   * Locks the agent, lets `make` change it (its name) and give its next version (numbered under the lock, so
   * two changes never take one number), stores both. `AgentNameTaken` as for `add`. Undefined: no agent.
   */
  addVersion(
    id: string,
    make: (agent: Agent) => AgentVersion,
  ): Promise<{ agent: Agent; version: AgentVersion } | undefined>;
  findVersion(agentId: string, version: number): Promise<AgentVersion | undefined>;
  /** Deletes the agent, its versions, its threads and their runs. */
  delete(id: string): Promise<void>;
}
