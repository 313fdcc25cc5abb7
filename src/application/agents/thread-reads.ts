import type { Thread } from '../../domain/agents/thread.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import { accessibleThread, type ThreadAccessDeps } from './accessible-agent.ts';
import type { ThreadFilter, ThreadRepository } from './ports/thread-repository.ts';

export type GetThread = (principal: Principal, threadId: string) => Promise<Thread>;
export type ListThreads = (
  principal: Principal,
  filter: ThreadFilter,
  page: PageRequest,
) => Promise<Page<Thread>>;
export type DeleteThread = (principal: Principal, threadId: string) => Promise<void>;

/** Members read a thread of their workspace. */
export function makeGetThread(deps: ThreadAccessDeps): GetThread {
  return (principal, threadId) => accessibleThread(deps, principal, threadId, 'member');
}

/** Members list their workspace's threads (of one agent with `agentId`), newest first. */
export function makeListThreads(deps: {
  threads: ThreadRepository;
  workspaceAccess: WorkspaceAccess;
}): ListThreads {
  return async (principal, filter, page) => {
    await deps.workspaceAccess(principal, filter.workspaceId, 'member');
    return deps.threads.list(filter, page);
  };
}

/** Members delete a thread with its messages and runs; audited `thread_deleted`. */
export function makeDeleteThread(
  deps: ThreadAccessDeps & { unitOfWork: UnitOfWork; auditLog: AuditLog },
): DeleteThread {
  return async (principal, threadId) => {
    const thread = await accessibleThread(deps, principal, threadId, 'member');
    await deps.unitOfWork.transaction(async () => {
      await deps.threads.delete(thread.id);
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'thread_deleted',
          thread.workspaceId,
          {
            type: 'thread',
            id: thread.id,
          },
          { agent_id: thread.agentId },
        ),
      );
    });
  };
}
