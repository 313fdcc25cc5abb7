// What later areas use of the agents area's application: they import it from here only (`make layers`).

export { type AgentAccessDeps, accessibleAgent } from './accessible-agent.ts';
export type { CreateAgent, CreateAgentInput } from './create-agent.ts';
export type { AgentMemory, MemoryScope } from './ports/agent-memory.ts';
export type { AgentRepository } from './ports/agent-repository.ts';
export type { KnowledgePassage, KnowledgeSearch } from './ports/knowledge-search.ts';
export type { ThreadRepository } from './ports/thread-repository.ts';
export type { ShowBranch, ShownBranch } from './show-branch.ts';
export type { AgentRunStart, StartAgentRun } from './start-agent-run.ts';
export { toolInput, type UpdateAgent } from './update-agent.ts';
