import type { Run } from '../../../domain/runs/index.ts';
import type { AgentMemory } from '../ports/agent-memory.ts';
import type { ThreadRepository } from '../ports/thread-repository.ts';
import { failure, type ToolResult } from './run-tool.ts';

/**
 * A `memory` tool call: the memory of the person who started the thread, under `[namespace, their user id]`.
 * A thread started with an API key has no person, so no memory.
 */
export async function memoryToolCall(
  deps: { readonly agentMemory: AgentMemory; readonly threads: ThreadRepository },
  run: Run,
  namespace: string,
  args: Readonly<Record<string, unknown>>,
): Promise<ToolResult> {
  const thread = run.threadId === null ? undefined : await deps.threads.findById(run.threadId);
  if (!thread?.createdBy) {
    return failure('no_user', 'this thread was not started by a person, so there is no memory to use');
  }
  const output = await deps.agentMemory.call(
    { workspaceId: run.workspaceId, namespace: [namespace, thread.createdBy] },
    args,
  );
  return { output };
}
