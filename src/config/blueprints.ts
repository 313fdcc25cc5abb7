import type { Input, Settings } from './settings.ts';

export interface BlueprintsConfig {
  /** The blueprint engine every instance runs. */
  readonly blueprintEngine: {
    /** How often it looks for work without a nudge (0: this instance carries out no blueprint run). */
    readonly pollIntervalMs: number;
    /** Steps this instance carries out at once. */
    readonly concurrency: number;
    /**
     * How long an instance holds a step or an agent run it works on (renewed at a third of it): past it, the
     * instance is taken for gone and another takes the work over.
     */
    readonly leaseSeconds: number;
  };
}

export const blueprintsSettings: Settings<BlueprintsConfig> = {
  properties: {
    BLUEPRINT_ENGINE_POLL_INTERVAL_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 200,
      description:
        "how often an instance's blueprint engine looks for due steps without a nudge and approvals past their time (`0`: this instance carries out no blueprint run and expires no approval)",
    },
    BLUEPRINT_ENGINE_CONCURRENCY: {
      type: 'integer',
      minimum: 1,
      maximum: 1024,
      default: 32,
      description: 'blueprint steps an instance carries out at once',
    },
    BLUEPRINT_ENGINE_LEASE_SECONDS: {
      type: 'integer',
      minimum: 3,
      maximum: 600,
      default: 10,
      description:
        'how long an instance holds a blueprint step or an agent run it works on, renewed at a third of it while it works: past it, another instance takes the work over (how long a crashed instance delays its work)',
    },
  },
  read: (input: Input): BlueprintsConfig => ({
    blueprintEngine: {
      pollIntervalMs: input.BLUEPRINT_ENGINE_POLL_INTERVAL_MS as number,
      concurrency: input.BLUEPRINT_ENGINE_CONCURRENCY as number,
      leaseSeconds: input.BLUEPRINT_ENGINE_LEASE_SECONDS as number,
    },
  }),
};
