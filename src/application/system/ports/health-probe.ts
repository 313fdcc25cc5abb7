/** The status words of the IETF health check draft (draft-inadarei-api-health-check-06). */
export type HealthStatus = 'pass' | 'warn' | 'fail';

/** One observation of a component: an entry of the draft's `checks`. */
export interface HealthObservation {
  /** Which one, when a check has several (`in_use`, `waiting`). */
  readonly componentId?: string;
  readonly componentType: 'datastore' | 'component' | 'system';
  readonly observedValue?: number | boolean | string;
  readonly observedUnit?: string;
  readonly status: HealthStatus;
  /** When it was observed (or, for a job, when its last run ended). */
  readonly time: Date;
  /** A fixed sentence for a warn or fail: never an error's own message (it may name hosts or SQL). */
  readonly output?: string;
}

/** Something the instance depends on or runs, observed on demand (the database, the LISTEN connection, jobs). */
export interface HealthProbe {
  /** The check's key, `{componentName}:{measurementName}` (`postgres:responseTime`). */
  readonly key: string;
  /** Observes it now; a rejection counts as `fail`. */
  observe(now: Date): Promise<HealthObservation[]>;
}
