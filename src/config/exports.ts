import type { Input, Settings } from './settings.ts';

export interface ExportsConfig {
  /** Exports are files: their setting sits beside the files area's (`config.files`). */
  readonly files: {
    /** How often an instance looks for exports to make (0: never, on this instance). */
    readonly exportPollIntervalSeconds: number;
  };
}

export const exportsSettings: Settings<ExportsConfig> = {
  properties: {
    EXPORT_POLL_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 3600,
      default: 5,
      description:
        'how often an instance looks for queued exports (and exports whose instance stopped mid-way) to make; an instance starts the exports it queues at once (`0`: this instance makes none)',
    },
  },
  read: (input: Input): ExportsConfig => ({
    files: { exportPollIntervalSeconds: input.EXPORT_POLL_INTERVAL_SECONDS as number },
  }),
};
