import { DEFAULT_QUOTAS, type Quotas } from '../domain/kernel/quotas.ts';
import type { Input, Property, Settings } from './settings.ts';

export interface QuotasConfig {
  /** What one workspace may hold (and one user create); CONTRACT section 14. */
  readonly quotas: Quotas;
}

/** The variable of a quota on what one workspace may hold (0 to a million; 409 beyond). */
function heldPerWorkspace(key: keyof Quotas, what: string): Property {
  return {
    type: 'integer',
    minimum: 0,
    maximum: 1000000,
    default: DEFAULT_QUOTAS[key],
    description: `${what} one workspace may hold; 409 \`quota_exceeded\` beyond`,
  };
}

/** One table for every area's quota, as the domain kernel's `Quotas` holds them. */
export const quotasSettings: Settings<QuotasConfig> = {
  properties: {
    QUOTA_MISSIONS: heldPerWorkspace('missions', 'missions'),
    QUOTA_SCHEDULES: heldPerWorkspace('schedules', 'schedules'),
    QUOTA_TRIGGERS: heldPerWorkspace('triggers', 'live triggers'),
    QUOTA_WEBHOOK_ENDPOINTS: heldPerWorkspace('webhook_endpoints', 'outbound webhook endpoints'),
    QUOTA_API_KEYS: heldPerWorkspace('api_keys', 'API keys not revoked'),
    QUOTA_WORKSPACES_PER_USER: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: DEFAULT_QUOTAS.workspaces,
      description: 'shared workspaces one person may own',
    },
    QUOTA_QUEUED_RUNS_PER_MISSION: {
      type: 'integer',
      minimum: 1,
      maximum: 100000000,
      default: DEFAULT_QUOTAS.queued_runs,
      description:
        'queued runs per mission: starting one answers 409 `quota_exceeded` beyond, and schedules skip their fire',
    },
  },
  read: (input: Input): QuotasConfig => ({
    quotas: {
      missions: input.QUOTA_MISSIONS as number,
      schedules: input.QUOTA_SCHEDULES as number,
      triggers: input.QUOTA_TRIGGERS as number,
      webhook_endpoints: input.QUOTA_WEBHOOK_ENDPOINTS as number,
      api_keys: input.QUOTA_API_KEYS as number,
      workspaces: input.QUOTA_WORKSPACES_PER_USER as number,
      queued_runs: input.QUOTA_QUEUED_RUNS_PER_MISSION as number,
    },
  }),
};
