import type { Input, Settings } from './settings.ts';

export interface SchedulesConfig {
  /** Cron schedules of missions. */
  readonly schedules: {
    /** How often each instance fires the schedules that are due (0: never). */
    readonly intervalSeconds: number;
  };
}

export const schedulesSettings: Settings<SchedulesConfig> = {
  properties: {
    SCHEDULE_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 60,
      default: 5,
      description: 'how often each instance fires the cron schedules that are due (`0`: never)',
    },
  },
  read: (input: Input): SchedulesConfig => ({
    schedules: { intervalSeconds: input.SCHEDULE_INTERVAL_SECONDS as number },
  }),
};
