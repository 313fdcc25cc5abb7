/** Tells this instance's ingestion runner that a document was added, so it starts without waiting for its tick. */
export interface IngestionSignal {
  added(): void;
}
