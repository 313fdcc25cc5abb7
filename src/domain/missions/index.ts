// What later areas use of the missions area's domain: they import it from here only (`make layers`).
export { blueprintOf, type Mission, type MissionBlueprint } from './mission.ts';
export { NO_RUN_POLICY, type RunPolicy, type RunPolicyChanges, retryDelaySeconds } from './run-policy.ts';
