import type { Principal } from '../../domain/kernel/principal.ts';
import type { TriggerSignatureScheme } from '../../domain/triggers/signature-schemes.ts';
import { Trigger } from '../../domain/triggers/trigger.ts';
import { customWebhookPath } from '../../domain/triggers/trigger-rules.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import { type QuotaDeps, withinWorkspaceQuota } from '../kernel/within-quota.ts';
import { accessibleMission, type MissionAccessDeps } from '../missions/index.ts';
import type { TriggerRepository } from './ports/trigger-repository.ts';
import type { WebhookSecretGenerator } from './ports/webhook-secret-generator.ts';

export interface CreateTriggerInput {
  readonly missionId: string;
  readonly name: string;
  /** A readable prefix for the path, to which a random part is added; a random path (128 bits) when absent. */
  readonly webhookPath?: string | undefined;
  /** `platform` when absent. */
  readonly signatureScheme?: TriggerSignatureScheme | undefined;
  /** The provider's own secret (GitHub, Stripe, Slack...); a generated one when absent. */
  readonly signingSecret?: string | undefined;
  readonly maxBodyBytes?: number | undefined;
  readonly requireTimestamp?: boolean | undefined;
  readonly requireIdempotencyKey?: boolean | undefined;
}

/** The new trigger; its signing secret is shown to the caller this once (and at each rotation). */
export type CreateTrigger = (principal: Principal, input: CreateTriggerInput) => Promise<Trigger>;

/** Admins and owners create webhook triggers for a mission of their workspace. */
export function makeCreateTrigger(
  deps: MissionAccessDeps &
    QuotaDeps & {
      triggers: TriggerRepository;
      webhookSecrets: WebhookSecretGenerator;
      clock: Clock;
      ids: IdGenerator;
      auditLog: AuditLog;
    },
): CreateTrigger {
  return async (principal, input) => {
    const mission = await accessibleMission(deps, principal, input.missionId, 'admin');
    const random = deps.webhookSecrets.newWebhookPath();
    const trigger = Trigger.create(
      {
        ...input,
        id: deps.ids.newId(),
        workspaceId: mission.workspaceId,
        missionId: mission.id,
        webhookPath: input.webhookPath === undefined ? random : customWebhookPath(input.webhookPath, random),
        signingSecret:
          input.signingSecret ?? deps.webhookSecrets.newSigningSecret(input.signatureScheme ?? 'platform'),
      },
      deps.clock.now(),
    );
    await withinWorkspaceQuota(deps, 'triggers', mission.workspaceId, async () => {
      await deps.triggers.add(trigger);
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'trigger_created',
          trigger.workspaceId,
          { type: 'trigger', id: trigger.id },
          {
            mission_id: trigger.missionId,
            signature_scheme: trigger.signatureScheme,
          },
        ),
      );
    });
    return trigger;
  };
}
