import type { Input, Settings } from './settings.ts';

export interface RunsConfig {
  /** Worker leases and retries of runs. */
  readonly runs: {
    /** Attempts before a run whose lease expires fails instead of being queued again. */
    readonly maxAttempts: number;
    /** Lease granted by a claim or heartbeat that does not ask for one. */
    readonly defaultLeaseSeconds: number;
    /** How often the server takes back expired leases (0: only claims do). */
    readonly sweepIntervalSeconds: number;
    /** The comment line an idle event stream sends this often, so proxies keep it open. */
    readonly eventStreamHeartbeatSeconds: number;
  };
}

export const runsSettings: Settings<RunsConfig> = {
  properties: {
    RUN_MAX_ATTEMPTS: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 3,
      description: 'attempts before a run whose worker lease expires fails instead of being queued again',
    },
    RUN_LEASE_SECONDS: {
      type: 'integer',
      minimum: 5,
      maximum: 3600,
      default: 60,
      description: 'the lease a claim or heartbeat grants when it asks for none',
    },
    RUN_SWEEP_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 3600,
      default: 15,
      description: 'how often each instance takes back expired worker leases (`0`: only claims do)',
    },
    RUN_EVENT_STREAM_HEARTBEAT_SECONDS: {
      type: 'integer',
      minimum: 1,
      maximum: 300,
      default: 15,
      description: 'an idle run event stream sends a comment line this often, so proxies keep it open',
    },
  },
  read: (input: Input): RunsConfig => ({
    runs: {
      maxAttempts: input.RUN_MAX_ATTEMPTS as number,
      defaultLeaseSeconds: input.RUN_LEASE_SECONDS as number,
      sweepIntervalSeconds: input.RUN_SWEEP_INTERVAL_SECONDS as number,
      eventStreamHeartbeatSeconds: input.RUN_EVENT_STREAM_HEARTBEAT_SECONDS as number,
    },
  }),
};
