// What later areas use of the workspaces area's adapters: they import it from here only (`make layers`).
export { workspaceTables } from './memory/workspace-tables.ts';
