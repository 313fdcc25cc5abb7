import type { Principal } from '../../domain/kernel/principal.ts';
import type { Delivery } from '../../domain/triggers/delivery.ts';
import { accessibleDelivery, type DeliveryAccessDeps } from './accessible-delivery.ts';

export type GetDelivery = (principal: Principal, deliveryId: string) => Promise<Delivery>;

/** Any member reads a delivery of their workspace, with its raw body while it is retained. */
export function makeGetDelivery(deps: DeliveryAccessDeps): GetDelivery {
  return async (principal, deliveryId) =>
    (await accessibleDelivery(deps, principal, deliveryId, 'member')).delivery;
}
