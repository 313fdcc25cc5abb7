import { Agent, type AgentVersion } from '../../../domain/agents/agent.ts';
import type { AgentRunWork } from '../../../domain/agents/agent-run-work.ts';
import type { Thread, ThreadMessage } from '../../../domain/agents/thread.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { runTables } from '../../runs/index.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** A message as stored: its place in the order of the thread's messages. */
export type StoredMessage = ThreadMessage & { readonly position: number };

/**
 * The agents area's in-memory tables: agents go with their workspace, versions and threads with their agent,
 * messages and runs with their thread, the work of a run with the run.
 */
export const agentTables = inMemoryTables((store) => {
  const agents = store.byId((a: Agent) => new Agent(a));
  agents.cascadeFrom(workspaceTables(store).workspaces, (a) => a.workspaceId);
  const versions = store.table(
    (v: AgentVersion) => `${v.agentId}/${v.version}`,
    (v) => v,
  );
  versions.cascadeFrom(agents, (v) => v.agentId);
  const threads = store.byId((t: Thread) => t);
  threads.cascadeFrom(agents, (t) => t.agentId);
  const messages = store.byId((m: StoredMessage) => m);
  messages.cascadeFrom(threads, (m) => m.threadId);
  const { runs } = runTables(store);
  runs.cascadeFrom(threads, (r) => r.threadId ?? '');
  const work = store.table(
    (w: AgentRunWork) => w.runId,
    (w) => w,
  );
  work.cascadeFrom(runs, (w) => w.runId);
  return { agents, versions, threads, messages, work, runs };
});
