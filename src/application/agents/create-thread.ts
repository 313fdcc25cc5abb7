import type { Thread } from '../../domain/agents/thread.ts';
import { InvalidFields } from '../../domain/kernel/errors.ts';
import { parseJsonObject } from '../../domain/kernel/json-document.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { AgentRepository } from './ports/agent-repository.ts';
import type { ThreadRepository } from './ports/thread-repository.ts';

export interface CreateThreadInput {
  readonly workspace_id: string;
  readonly agent_id: string;
  readonly metadata?: unknown;
}

export type CreateThread = (principal: Principal, input: CreateThreadInput) => Promise<Thread>;

/** Members start a thread with an agent of their workspace; audited `thread_created` (never its metadata). */
export function makeCreateThread(deps: {
  agents: AgentRepository;
  threads: ThreadRepository;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
  ids: IdGenerator;
  unitOfWork: UnitOfWork;
  auditLog: AuditLog;
}): CreateThread {
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspace_id, 'member');
    const agent = await deps.agents.findById(input.agent_id);
    if (agent?.workspaceId !== input.workspace_id) {
      throw new InvalidFields([{ path: '/agent_id', message: 'must name an agent of the workspace' }]);
    }
    const thread: Thread = {
      id: deps.ids.newId(),
      workspaceId: input.workspace_id,
      agentId: agent.id,
      metadata: input.metadata === undefined ? null : parseJsonObject(input.metadata, 'metadata', 16 * 1024),
      createdBy: principal.kind === 'user' ? principal.userId : null,
      createdAt: deps.clock.now(),
    };
    await deps.unitOfWork.transaction(async () => {
      await deps.threads.add(thread);
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'thread_created',
          thread.workspaceId,
          { type: 'thread', id: thread.id },
          { agent_id: agent.id },
        ),
      );
    });
    return thread;
  };
}
