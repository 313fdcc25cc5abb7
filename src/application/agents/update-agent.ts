import type { Agent, AgentVersion } from '../../domain/agents/agent.ts';
import { AgentNotFound } from '../../domain/agents/agent.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import { accessibleAgent } from './accessible-agent.ts';
import { checkedDefinition, type DefinitionDeps, type DefinitionInput } from './checked-definition.ts';
import type { AgentRepository } from './ports/agent-repository.ts';

export type UpdateAgentInput = Partial<DefinitionInput> & {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
};

export type UpdateAgent = (
  principal: Principal,
  agentId: string,
  input: UpdateAgentInput,
) => Promise<{ agent: Agent; version: AgentVersion }>;

/**
 * Admins and owners change an agent: every change makes a new version (the definition of the latest one with
 * the fields sent replaced); versions never change, so runs in progress keep the one they started with.
 * Audited `agent_updated` with the new version and the names of the fields sent (never their values).
 */
export function makeUpdateAgent(
  deps: DefinitionDeps & {
    agents: AgentRepository;
    workspaceAccess: WorkspaceAccess;
    clock: Clock;
    unitOfWork: UnitOfWork;
    auditLog: AuditLog;
  },
): UpdateAgent {
  return async (principal, agentId, input) => {
    const agent = await accessibleAgent(deps, principal, agentId, 'admin');
    const latest = await deps.agents.findVersion(agent.id, agent.latestVersion);
    if (!latest) throw new AgentNotFound();
    const definition = await checkedDefinition(deps, agent.workspaceId, {
      provider_id: input.provider_id ?? latest.providerId,
      model: input.model ?? latest.model,
      instructions: input.instructions ?? latest.instructions,
      tools: input.tools ?? latest.tools.map(toolInput),
      settings: input.settings ?? {
        ...(latest.settings.temperature === null ? {} : { temperature: latest.settings.temperature }),
        ...(latest.settings.maxOutputTokens === null
          ? {}
          : { max_output_tokens: latest.settings.maxOutputTokens }),
        max_steps: latest.settings.maxSteps,
      },
    });
    const now = deps.clock.now();
    return deps.unitOfWork.transaction(async () => {
      const changed = await deps.agents.addVersion(agent.id, (locked) => {
        locked.rename(input);
        return {
          ...definition,
          agentId: locked.id,
          version: locked.nextVersion(now),
          createdBy: principal.kind === 'user' ? principal.userId : null,
          createdAt: now,
        };
      });
      if (!changed) throw new AgentNotFound();
      const fields = Object.entries(input)
        .filter(([, value]) => value !== undefined)
        .map(([field]) => field)
        .sort()
        .join(',');
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'agent_updated',
          agent.workspaceId,
          { type: 'agent', id: agent.id },
          { version: changed.version.version, fields },
        ),
      );
      return changed;
    });
  };
}

/** A stored tool in the shape it is sent. */
export function toolInput(tool: AgentVersion['tools'][number]): Record<string, unknown> {
  const base = { type: tool.type, name: tool.name, description: tool.description };
  const approval = tool.requiresApproval ? { requires_approval: true } : {};
  if (tool.type === 'code') return { ...base, ...approval };
  if (tool.type === 'memory') return { ...base, namespace: tool.namespace, ...approval };
  if (tool.type === 'knowledge') return { ...base, knowledge_base_id: tool.knowledgeBaseId, ...approval };
  const schema = tool.inputSchema === null ? {} : { input_schema: tool.inputSchema };
  return tool.type === 'blueprint'
    ? { ...base, blueprint_id: tool.blueprintId, ...schema, ...approval }
    : { ...base, mission_id: tool.missionId, ...schema, ...approval };
}
