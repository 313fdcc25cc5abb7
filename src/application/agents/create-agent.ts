import { Agent, type AgentVersion } from '../../domain/agents/agent.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import { checkedDefinition, type DefinitionDeps, type DefinitionInput } from './checked-definition.ts';
import type { AgentRepository } from './ports/agent-repository.ts';

export interface CreateAgentInput extends DefinitionInput {
  readonly workspace_id: string;
  readonly name: string;
  readonly description?: string | undefined;
}

export type CreateAgent = (
  principal: Principal,
  input: CreateAgentInput,
) => Promise<{ agent: Agent; version: AgentVersion }>;

/**
 * Admins and owners create an agent with its version 1 (CONTRACT section 10); audited `agent_created` with its
 * version and provider (never its instructions).
 */
export function makeCreateAgent(
  deps: DefinitionDeps & {
    agents: AgentRepository;
    workspaceAccess: WorkspaceAccess;
    clock: Clock;
    ids: IdGenerator;
    unitOfWork: UnitOfWork;
    auditLog: AuditLog;
  },
): CreateAgent {
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspace_id, 'admin');
    const definition = await checkedDefinition(deps, input.workspace_id, input);
    const now = deps.clock.now();
    const agent = Agent.create(
      {
        id: deps.ids.newId(),
        workspaceId: input.workspace_id,
        name: input.name,
        description: input.description,
      },
      now,
    );
    const version: AgentVersion = {
      ...definition,
      agentId: agent.id,
      version: 1,
      createdBy: principal.kind === 'user' ? principal.userId : null,
      createdAt: now,
    };
    await deps.unitOfWork.transaction(async () => {
      await deps.agents.add(agent, version);
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'agent_created',
          agent.workspaceId,
          { type: 'agent', id: agent.id },
          { version: 1, provider_id: version.providerId },
        ),
      );
    });
    return { agent, version };
  };
}
