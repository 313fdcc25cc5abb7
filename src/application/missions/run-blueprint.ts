import { blueprintOf, type Mission } from '../../domain/missions/index.ts';
import type { MissionBlueprints } from './ports/mission-blueprints.ts';

/**
 * What a new run of `mission` carries out: its pinned version, or, for a mission that follows the latest, the
 * latest version at the time the run is created (CONTRACT section 9); null for a worker's mission. A blueprint
 * gone since leaves the version null: the engine then fails the run (`blueprint_not_found`).
 */
export async function runBlueprintOf(
  deps: { readonly missionBlueprints: Pick<MissionBlueprints, 'latestVersion'> },
  mission: Pick<Mission, 'blueprintId' | 'blueprintVersion'>,
): Promise<{ readonly id: string; readonly version: number | null } | null> {
  const blueprint = blueprintOf(mission);
  if (blueprint === null || blueprint.version !== null) return blueprint;
  return { id: blueprint.id, version: await deps.missionBlueprints.latestVersion(blueprint.id) };
}
