import type { Principal } from '../../domain/kernel/principal.ts';
import type { Trigger } from '../../domain/triggers/trigger.ts';
import { DEFAULT_GRACE_SECONDS } from '../../domain/triggers/trigger-rules.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleTrigger, type TriggerAccessDeps } from './accessible-trigger.ts';
import type { WebhookSecretGenerator } from './ports/webhook-secret-generator.ts';

export interface RotateTriggerSecretInput {
  /** How long the replaced secret keeps verifying (default 1 day). */
  readonly graceSeconds?: number | undefined;
  /** The provider's new secret; a generated one when absent. */
  readonly signingSecret?: string | undefined;
}

export type RotateTriggerSecret = (
  principal: Principal,
  triggerId: string,
  input?: RotateTriggerSecretInput,
) => Promise<Trigger>;

/**
 * Admins and owners give a trigger a new signing secret (generated, or the provider's own; returned once, in
 * the answer); the old one keeps
 * verifying for `graceSeconds` (default 1 day) so senders can switch without losing deliveries.
 */
export function makeRotateTriggerSecret(
  deps: TriggerAccessDeps & {
    webhookSecrets: WebhookSecretGenerator;
    clock: Clock;
    unitOfWork: UnitOfWork;
    auditLog: AuditLog;
  },
): RotateTriggerSecret {
  return async (principal, triggerId, { graceSeconds = DEFAULT_GRACE_SECONDS, signingSecret } = {}) => {
    const trigger = await accessibleTrigger(deps, principal, triggerId, 'admin');
    const secret = signingSecret ?? deps.webhookSecrets.newSigningSecret(trigger.signatureScheme);
    trigger.rotateSecret(secret, graceSeconds, deps.clock.now());
    await deps.unitOfWork.transaction(async () => {
      await deps.triggers.save(trigger);
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'trigger_secret_rotated',
          trigger.workspaceId,
          { type: 'trigger', id: trigger.id },
          {
            grace_seconds: graceSeconds,
            chosen_by_caller: signingSecret !== undefined,
          },
        ),
      );
    });
    return trigger;
  };
}
