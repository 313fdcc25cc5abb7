// What later areas use of the agents area's adapters: they import it from here only (`make layers`).

export { presentAgentVersion } from './http/agent-presenters.ts';
