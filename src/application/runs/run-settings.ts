/** How runs are retried and leased (from configuration). */
export interface RunSettings {
  /** Attempts a run gets before a lease expiry fails it instead of queueing it again (>= 1). */
  readonly maxAttempts: number;
  /** The lease a claim or heartbeat grants when the worker does not ask for one. */
  readonly defaultLeaseSeconds: number;
}
