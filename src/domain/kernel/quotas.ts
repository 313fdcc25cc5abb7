import { DomainError } from './errors.ts';

/**
 * What one workspace may hold (and one user create), CONTRACT section 14: configurable, with these defaults.
 * `queued_runs` is per mission: runs waiting to be claimed; a schedule never queues a second one.
 */
export const QUOTA_NAMES = [
  'missions',
  'schedules',
  'triggers',
  'webhook_endpoints',
  'api_keys',
  'workspaces',
  'queued_runs',
] as const;
export type QuotaName = (typeof QUOTA_NAMES)[number];
export type Quotas = Readonly<Record<QuotaName, number>>;

export const DEFAULT_QUOTAS: Quotas = {
  missions: 500,
  schedules: 100,
  triggers: 100,
  webhook_endpoints: 20,
  api_keys: 100,
  workspaces: 100,
  queued_runs: 10_000,
};

/** 409 `quota_exceeded`, naming the limit reached. */
export class QuotaExceeded extends DomainError {
  readonly limit: { readonly name: QuotaName; readonly max: number };

  constructor(name: QuotaName, max: number) {
    super('conflict', 'quota_exceeded', `the limit of ${max} ${name.replaceAll('_', ' ')} is reached`);
    this.limit = { name, max };
  }
}

/** Throws QuotaExceeded when `used` already reaches the quota: one more would pass it. */
export function assertWithinQuota(quotas: Quotas, name: QuotaName, used: number): void {
  if (used >= quotas[name]) throw new QuotaExceeded(name, quotas[name]);
}
