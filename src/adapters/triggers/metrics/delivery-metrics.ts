import type { Counter, Metrics } from '../../../application/kernel/ports/metrics.ts';
import type { ReceiveDelivery } from '../../../application/triggers/receive-delivery.ts';
import { outcomeOf } from '../../platform/metrics/outcomes.ts';

export interface DeliveryMetrics {
  readonly deliveries: Counter<'outcome' | 'scheme'>;
}

export function deliveryMetrics(metrics: Metrics): DeliveryMetrics {
  return {
    deliveries: metrics.counter({
      name: 'webhook_deliveries_total',
      help:
        'Inbound webhook deliveries by outcome (accepted, duplicate, or the error code: invalid_signature, ' +
        'not_found, rate_limited...) and signature scheme (none when no trigger was found)',
      labelNames: ['outcome', 'scheme'],
    }),
  };
}

/**
 * Webhook intake, each delivery counted by outcome and scheme; `runQueued` is told of each run it queues.
 * Never the webhook path: it is the trigger's secret, and one series per path would grow without bound.
 */
export function countedReceiveDelivery(
  receiveDelivery: ReceiveDelivery,
  { deliveries }: DeliveryMetrics,
  runQueued: () => void,
): ReceiveDelivery {
  return async (incoming) => {
    try {
      const receipt = await receiveDelivery(incoming);
      deliveries.inc({ outcome: receipt.status, scheme: receipt.scheme });
      if (receipt.status === 'accepted' && receipt.runId) runQueued();
      return receipt;
    } catch (error) {
      const scheme = (error as { scheme?: unknown }).scheme;
      deliveries.inc({
        outcome: outcomeOf(error),
        scheme: typeof scheme === 'string' ? scheme : 'none',
      });
      throw error;
    }
  };
}
