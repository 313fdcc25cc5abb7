import { AgentNotFound } from '../../domain/agents/agent.ts';
import { ThreadNotFound } from '../../domain/agents/thread.ts';
import { type AccessDeps, accessibleInWorkspace } from '../workspaces/index.ts';
import type { AgentRepository } from './ports/agent-repository.ts';
import type { ThreadRepository } from './ports/thread-repository.ts';

export type AgentAccessDeps = AccessDeps & { readonly agents: AgentRepository };
export type ThreadAccessDeps = AccessDeps & { readonly threads: ThreadRepository };

/** The agent when the caller holds `minimum` in its workspace; another workspace's agent is NotFound. */
export const accessibleAgent = accessibleInWorkspace('agent', async (deps: AgentAccessDeps, id) => {
  const agent = await deps.agents.findById(id);
  if (!agent) throw new AgentNotFound();
  return agent;
});

/** The thread when the caller holds `minimum` in its workspace; another workspace's thread is NotFound. */
export const accessibleThread = accessibleInWorkspace('thread', async (deps: ThreadAccessDeps, id) => {
  const thread = await deps.threads.findById(id);
  if (!thread) throw new ThreadNotFound();
  return thread;
});
