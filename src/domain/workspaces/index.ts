// What later areas use of the workspaces area's domain: they import it from here only (`make layers`).

export type { Invitation } from './invitation.ts';
