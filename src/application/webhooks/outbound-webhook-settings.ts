/** How the dispatcher works through the outbox (from configuration). */
export interface OutboundWebhookSettings {
  /** Waits before each retry after a failed attempt; tests shorten them through configuration only. */
  readonly retryScheduleSeconds: readonly number[];
  /** Messages one dispatch round leases at most. */
  readonly batchSize: number;
  /** How long a leased message is withheld from other dispatchers: longer than any attempt can take. */
  readonly leaseSeconds: number;
  /** Attempts in flight at once per endpoint and per workspace, on one instance. */
  readonly perEndpoint: number;
  readonly perWorkspace: number;
  /** Failed attempts in a row after which an endpoint is disabled (`failing`). */
  readonly disableAfterFailures: number;
}
