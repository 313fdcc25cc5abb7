import type { Trigger } from '../../domain/triggers/trigger.ts';
import { DEFAULT_GRACE_SECONDS } from '../../domain/triggers/trigger-rules.ts';
import type { Principal } from '../auth/principal.ts';
import type { Clock } from '../ports/clock.ts';
import type { WebhookSecretGenerator } from '../ports/webhook-secret-generator.ts';
import { accessibleTrigger, type TriggerAccessDeps } from './accessible-trigger.ts';

export type RotateTriggerSecret = (
  principal: Principal,
  triggerId: string,
  graceSeconds?: number | undefined,
) => Promise<Trigger>;

/**
 * Admins and owners give a trigger a new signing secret (returned once, in the answer); the old one keeps
 * verifying for `graceSeconds` (default 1 day) so senders can switch without losing deliveries.
 */
export function makeRotateTriggerSecret(
  deps: TriggerAccessDeps & { webhookSecrets: WebhookSecretGenerator; clock: Clock },
): RotateTriggerSecret {
  return async (principal, triggerId, graceSeconds = DEFAULT_GRACE_SECONDS) => {
    const trigger = await accessibleTrigger(deps, principal.userId, triggerId, 'admin');
    trigger.rotateSecret(deps.webhookSecrets.newSigningSecret(), graceSeconds, deps.clock.now());
    await deps.triggers.save(trigger);
    return trigger;
  };
}
