import type { CheckHealth } from '../../../application/system/check-health.ts';

export const HEALTH_CONTENT_TYPE = 'application/health+json';

/**
 * The health detail as the IETF draft (draft-inadarei-api-health-check-06) shapes it:
 * `{status, description, checks: {"component:measurement": [{componentId, componentType, observedValue,
 * observedUnit, status, time, output}]}}`; 200 for `pass` and `warn`, 503 for `fail`.
 */
export async function healthDocument(checkHealth: CheckHealth) {
  const report = await checkHealth();
  const checks = Object.fromEntries(
    Object.entries(report.checks).map(([key, observations]) => [
      key,
      observations.map(({ time, ...observation }) => ({ ...observation, time: time.toISOString() })),
    ]),
  );
  return {
    status: report.status === 'fail' ? 503 : 200,
    contentType: HEALTH_CONTENT_TYPE,
    body: JSON.stringify({ status: report.status, description: 'platform-api instance', checks }),
  };
}
