// What later areas use of the webhooks area's application: they import it from here only (`make layers`).
export type { RecordWorkspaceEvent } from './record-workspace-event.ts';
