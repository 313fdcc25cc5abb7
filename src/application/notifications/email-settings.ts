/** How the e-mail dispatcher works through the outbox. */
export interface EmailSettings {
  readonly retryScheduleSeconds: readonly number[];
  readonly batchSize: number;
  readonly leaseSeconds: number;
}
