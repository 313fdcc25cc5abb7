import type { Input, Settings } from './settings.ts';

export interface SandboxesConfig {
  readonly sandbox: {
    /** Worker threads running user JavaScript, one call each at a time. */
    readonly threads: number;
    /** Calls that may wait for a thread before more are refused with 503. */
    readonly maxQueued: number;
  };
}

export const sandboxesSettings: Settings<SandboxesConfig> = {
  properties: {
    SANDBOX_THREADS: {
      type: 'integer',
      minimum: 1,
      maximum: 64,
      default: 2,
      description: 'worker threads running sandboxed code (QuickJS) and expressions',
    },
    SANDBOX_MAX_QUEUED: {
      type: 'integer',
      minimum: 0,
      maximum: 100000,
      default: 256,
      description: 'sandbox calls waiting for a thread; 503 with `Retry-After` beyond',
    },
  },
  read: (input: Input): SandboxesConfig => ({
    sandbox: {
      threads: input.SANDBOX_THREADS as number,
      maxQueued: input.SANDBOX_MAX_QUEUED as number,
    },
  }),
};
