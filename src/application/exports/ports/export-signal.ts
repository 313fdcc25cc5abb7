/** Tells this instance's export runner that an export was queued, so it starts without waiting for its tick. */
export interface ExportSignal {
  queued(): void;
}
