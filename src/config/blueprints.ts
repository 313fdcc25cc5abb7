import type { Input, Settings } from './settings.ts';

export interface BlueprintsConfig {
  /** The blueprint engine every instance runs. */
  readonly blueprintEngine: {
    /** How often it looks for work without a nudge (0: this instance carries out no blueprint run). */
    readonly pollIntervalMs: number;
    /** Steps this instance carries out at once. */
    readonly concurrency: number;
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
  },
  read: (input: Input): BlueprintsConfig => ({
    blueprintEngine: {
      pollIntervalMs: input.BLUEPRINT_ENGINE_POLL_INTERVAL_MS as number,
      concurrency: input.BLUEPRINT_ENGINE_CONCURRENCY as number,
    },
  }),
};
