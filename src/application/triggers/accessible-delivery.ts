import type { Principal } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import type { Delivery } from '../../domain/triggers/delivery.ts';
import type { Trigger } from '../../domain/triggers/trigger.ts';
import { DeliveryNotFound } from '../../domain/triggers/webhook-errors.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { DeliveryRepository } from './ports/delivery-repository.ts';
import type { TriggerRepository } from './ports/trigger-repository.ts';

export interface DeliveryAccessDeps {
  readonly deliveries: DeliveryRepository;
  readonly triggers: TriggerRepository;
  readonly workspaceAccess: WorkspaceAccess;
}

/**
 * The delivery and its trigger when the caller holds `minimum` in the trigger's workspace. Another
 * workspace's delivery, and a deleted trigger's, are NotFound.
 */
export async function accessibleDelivery(
  deps: DeliveryAccessDeps,
  principal: Principal,
  deliveryId: string,
  minimum: Role,
): Promise<{ delivery: Delivery; trigger: Trigger }> {
  const delivery = await deps.deliveries.findById(deliveryId);
  const trigger = delivery && (await deps.triggers.findById(delivery.triggerId));
  if (!delivery || !trigger) throw new DeliveryNotFound();
  await deps.workspaceAccess(principal, trigger.workspaceId, minimum, 'delivery');
  return { delivery, trigger };
}
