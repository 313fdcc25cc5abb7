import { InvalidInput, NotFound } from '../kernel/errors.ts';
import { type JsonObject, parseJsonObject } from '../kernel/json-document.ts';
import { parseName } from '../kernel/names.ts';
import { MAX_RUN_INPUT_BYTES } from '../runs/index.ts';
import type { FireTimes } from './fire-times.ts';

export const MAX_SCHEDULE_NAME_LENGTH = 200;
export const DEFAULT_TIME_ZONE = 'UTC';
/** Five fields (minute hour day-of-month month day-of-week): no seconds, years or `@daily` nicknames. */
const FIVE_FIELDS = /^[0-9A-Za-z*?,/#+-]+( [0-9A-Za-z*?,/#+-]+){4}$/;

export interface ScheduleProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly missionId: string;
  readonly name: string;
  /** A five-field cron expression, read in `timezone` (daylight-saving changes as the cron library does). */
  readonly cron: string;
  /** An IANA time zone. */
  readonly timezone: string;
  /** Every run it queues gets this input. */
  readonly input: JsonObject | null;
  readonly enabled: boolean;
  /** When it fires next; null while disabled. */
  readonly nextFireAt: Date | null;
  /** The fire time of the last run it queued. */
  readonly lastFireTime: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface ScheduleChanges {
  readonly name?: string | undefined;
  readonly cron?: string | undefined;
  readonly timezone?: string | undefined;
  /** `null` clears it. */
  readonly input?: unknown;
  readonly enabled?: boolean | undefined;
}

/** The fire times of a cron expression in a time zone; refuses (InvalidInput) what the library cannot read. */
export type FireTimesOf = (cron: string, timezone: string) => FireTimes;

/** A mission's cron schedule: each fire time queues one run of the mission. */
export class Schedule {
  id!: string;
  workspaceId!: string;
  missionId!: string;
  name!: string;
  cron!: string;
  timezone!: string;
  input!: JsonObject | null;
  enabled!: boolean;
  nextFireAt!: Date | null;
  lastFireTime!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  constructor(props: ScheduleProps) {
    Object.assign(this, props);
  }

  static create(
    props: { id: string; workspaceId: string; missionId: string } & ScheduleChanges & {
        name: string;
        cron: string;
      },
    now: Date,
    fireTimesOf: FireTimesOf,
  ): Schedule {
    const schedule = new Schedule({
      id: props.id,
      workspaceId: props.workspaceId,
      missionId: props.missionId,
      name: parseScheduleName(props.name),
      cron: parseCron(props.cron),
      timezone: parseTimezone(props.timezone ?? DEFAULT_TIME_ZONE),
      input: parseInput(props.input ?? null),
      enabled: props.enabled ?? true,
      nextFireAt: null,
      lastFireTime: null,
      createdAt: now,
      updatedAt: now,
    });
    schedule.#plan(now, fireTimesOf);
    return schedule;
  }

  /** Applies the changes given (all validated first); the next fire time is planned again from `now`. */
  update(changes: ScheduleChanges, now: Date, fireTimesOf: FireTimesOf): void {
    Object.assign(this, {
      name: changes.name === undefined ? this.name : parseScheduleName(changes.name),
      cron: changes.cron === undefined ? this.cron : parseCron(changes.cron),
      timezone: changes.timezone === undefined ? this.timezone : parseTimezone(changes.timezone),
      input: changes.input === undefined ? this.input : parseInput(changes.input),
      enabled: changes.enabled ?? this.enabled,
      updatedAt: now,
    });
    this.#plan(now, fireTimesOf);
  }

  /**
   * The fire time a run is queued for when the schedule is due at `now`: the latest one at or before `now`,
   * so fires missed while no instance ran are caught up once, not one by one. Plans the next fire after `now`.
   */
  fire(now: Date, times: FireTimes): Date {
    const due = this.nextFireAt;
    if (!this.enabled || due === null || due > now) throw new InvalidInput('the schedule is not due');
    const fireTime = times.latestAtOrBefore(now) ?? due;
    this.lastFireTime = fireTime < due ? due : fireTime;
    this.nextFireAt = times.nextAfter(now);
    return this.lastFireTime;
  }

  #plan(now: Date, fireTimesOf: FireTimesOf): void {
    const times = fireTimesOf(this.cron, this.timezone);
    const next = times.nextAfter(now);
    if (next === null) throw new InvalidInput('cron never fires again');
    this.nextFireAt = this.enabled ? next : null;
  }
}

export class ScheduleNotFound extends NotFound {
  constructor() {
    super('schedule');
  }
}

function parseScheduleName(value: string): string {
  return parseName(value, 'name', MAX_SCHEDULE_NAME_LENGTH);
}

function parseCron(value: string): string {
  const cron = value.trim().split(/\s+/).join(' ');
  if (!FIVE_FIELDS.test(cron)) {
    throw new InvalidInput('cron must have five fields: minute hour day-of-month month day-of-week');
  }
  return cron;
}

/**
 * An IANA time zone in its canonical spelling (`europe/paris` is stored as `Europe/Paris`, the alias
 * `US/Eastern` as `America/New_York`), so one zone is one string for every reader and comparison.
 */
function parseTimezone(value: string): string {
  const refused = new InvalidInput('timezone must be an IANA time zone such as Europe/Paris');
  if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(value)) throw refused;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw refused;
  }
}

function parseInput(value: unknown): JsonObject | null {
  return value === null ? null : parseJsonObject(value, 'input', MAX_RUN_INPUT_BYTES);
}
