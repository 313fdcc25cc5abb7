import type { Counter, Histogram, Metrics } from '../../../application/kernel/ports/metrics.ts';
import { observed } from '../../platform/metrics/outcomes.ts';

/** The identity area's metrics. */
export interface IdentityMetrics {
  readonly logins: Counter<'surface' | 'outcome'>;
  readonly hashWait: Histogram<never>;
}

export function identityMetrics(metrics: Metrics): IdentityMetrics {
  return {
    logins: metrics.counter({
      name: 'auth_logins_total',
      help: 'Logins, by surface (api, web: password; sso: single sign-on) and outcome (ok, or the error code: invalid_credentials, rate_limited, sso_rejected...)',
      labelNames: ['surface', 'outcome'],
    }),
    hashWait: metrics.histogram({
      name: 'password_hash_queue_wait_seconds',
      help: 'Time a password hash waited for a slot of the bounded hashing queue',
      labelNames: [],
    }),
  };
}

/** `logIn` (API), `signIn` (web) or `finishSso` (single sign-on), each counted by outcome. */
export function countedLogin<I, R>(
  login: (input: I) => Promise<R>,
  surface: 'api' | 'web' | 'sso',
  { logins }: IdentityMetrics,
): (input: I) => Promise<R> {
  return observed(login, (outcome) => logins.inc({ surface, outcome }));
}
