import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { type AgentAccessDeps, accessibleAgent } from './accessible-agent.ts';

export type DeleteAgent = (principal: Principal, agentId: string) => Promise<void>;

/** Admins and owners delete an agent, with its versions, threads, messages and runs; audited `agent_deleted`. */
export function makeDeleteAgent(
  deps: AgentAccessDeps & { unitOfWork: UnitOfWork; auditLog: AuditLog },
): DeleteAgent {
  return async (principal, agentId) => {
    const agent = await accessibleAgent(deps, principal, agentId, 'admin');
    await deps.unitOfWork.transaction(async () => {
      await deps.agents.delete(agent.id);
      await deps.auditLog.record(
        workspaceEvent(principal, 'agent_deleted', agent.workspaceId, { type: 'agent', id: agent.id }),
      );
    });
  };
}
