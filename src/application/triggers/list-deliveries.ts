import type { Principal } from '../../domain/kernel/principal.ts';
import type { DeliveryStatus, DeliverySummary } from '../../domain/triggers/delivery.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import { accessibleTrigger, type TriggerAccessDeps } from './accessible-trigger.ts';
import type { DeliveryRepository } from './ports/delivery-repository.ts';

export type ListDeliveries = (
  principal: Principal,
  triggerId: string,
  filter: { readonly status?: DeliveryStatus | undefined },
  page: PageRequest,
) => Promise<Page<DeliverySummary>>;

/** A trigger's delivery log, newest first, for any member: metadata only. */
export function makeListDeliveries(
  deps: TriggerAccessDeps & { deliveries: DeliveryRepository },
): ListDeliveries {
  return async (principal, triggerId, filter, page) => {
    const trigger = await accessibleTrigger(deps, principal, triggerId, 'member');
    return deps.deliveries.listForTrigger(trigger.id, filter, page);
  };
}
