// What later areas use of the missions area's application: they import it from here only (`make layers`).
export { accessibleMission, type MissionAccessDeps } from './accessible-mission.ts';
export type { CreateMission } from './create-mission.ts';
export type { ActiveRuns } from './ports/active-runs.ts';
export type { MissionBlueprints } from './ports/mission-blueprints.ts';
export type { MissionRepository } from './ports/mission-repository.ts';
export { runBlueprintOf } from './run-blueprint.ts';
