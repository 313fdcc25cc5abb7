// What later areas use of the sandboxes area's application: they import it from here only (`make layers`).
export type { Sandbox, SandboxResult } from './ports/sandbox.ts';
export { makeRunSandbox, type RunSandbox } from './run-sandbox.ts';
