import type { FireTimes } from '../../../domain/schedules/fire-times.ts';

/** Reads cron expressions (a cron library's job: daylight-saving changes included). */
export interface CronCalendar {
  /**
   * The fire times of a five-field `cron` in the IANA `timezone`. Throws InvalidInput, naming the problem,
   * for an expression or a time zone the calendar cannot read.
   */
  fireTimes(cron: string, timezone: string): FireTimes;
}
