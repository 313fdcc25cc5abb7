// What later areas use of the agents domain.
export { type Agent, AgentNotFound, type AgentVersion } from './agent.ts';
export type { Thread, ThreadMessage } from './thread.ts';
