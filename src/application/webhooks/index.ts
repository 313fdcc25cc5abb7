// What later areas use of the webhooks area's application: they import it from here only (`make layers`).

export type { MessageWithAttempts } from './ports/webhook-message-repository.ts';
export type { RecordWorkspaceEvent } from './record-workspace-event.ts';
