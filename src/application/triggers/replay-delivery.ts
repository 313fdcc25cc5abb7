import type { Principal } from '../../domain/kernel/principal.ts';
import { assertWithinQuota, type Quotas } from '../../domain/kernel/quotas.ts';
import { Run, webhookRunInput } from '../../domain/runs/index.ts';
import { DeliveryBodyPurged, DeliveryNotFound, NotReplayable } from '../../domain/triggers/webhook-errors.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { Usage } from '../kernel/ports/usage.ts';
import { type MissionBlueprints, type MissionRepository, runBlueprintOf } from '../missions/index.ts';
import type { RunRepository } from '../runs/index.ts';
import { accessibleDelivery, type DeliveryAccessDeps } from './accessible-delivery.ts';

export type ReplayDelivery = (principal: Principal, deliveryId: string) => Promise<Run>;

/**
 * Admins and owners start a new run of the trigger's mission from a stored delivery: the run refers to the
 * same delivery (its input is built from the same bytes). Only accepted deliveries whose body is still
 * retained can be replayed (409 otherwise, and 409 `quota_exceeded` when the mission's queue is full); the
 * trigger may be disabled.
 */
export function makeReplayDelivery(
  deps: DeliveryAccessDeps & {
    missionBlueprints: MissionBlueprints;
    missions: MissionRepository;
    runs: RunRepository;
    clock: Clock;
    ids: IdGenerator;
    usage: Pick<Usage, 'countQueuedRuns'>;
    quotas: Quotas;
  },
): ReplayDelivery {
  return async (principal, deliveryId) => {
    const { delivery, trigger } = await accessibleDelivery(deps, principal, deliveryId, 'admin');
    if (delivery.status !== 'accepted') throw new NotReplayable();
    if (delivery.body === null) throw new DeliveryBodyPurged();
    const mission = await deps.missions.findById(trigger.missionId);
    if (!mission) throw new DeliveryNotFound();
    assertWithinQuota(deps.quotas, 'queued_runs', await deps.usage.countQueuedRuns(mission.id));
    const run = Run.queue({
      id: deps.ids.newId(),
      missionId: trigger.missionId,
      workspaceId: trigger.workspaceId,
      triggerType: 'webhook',
      triggerId: trigger.id,
      deliveryId: delivery.id,
      webhookInput: () => webhookRunInput(delivery),
      policy: mission.policy,
      blueprint: await runBlueprintOf(deps, mission),
      now: deps.clock.now(),
    });
    await deps.runs.add(run);
    return run;
  };
}
