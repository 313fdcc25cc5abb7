import { randomBytes, randomUUID } from 'node:crypto';
import type { Mission } from '../../src/domain/missions/mission.ts';
import { Run } from '../../src/domain/runs/run.ts';
import { acceptedDelivery, type Delivery } from '../../src/domain/triggers/delivery.ts';
import type { TriggerSignatureScheme } from '../../src/domain/triggers/signature-schemes.ts';
import { Trigger } from '../../src/domain/triggers/trigger.ts';
import { seedMission, seedUser, T0, type World } from './persistence-world.ts';

export interface TriggerOverrides {
  readonly name?: string;
  readonly webhookPath?: string;
  readonly createdAt?: Date;
  readonly missionId?: string;
  readonly signatureScheme?: TriggerSignatureScheme;
  readonly signingSecret?: string;
}

/** A new trigger on `mission` (a random path and secret unless given), not stored. */
export function triggerOn(mission: Pick<Mission, 'id' | 'workspaceId'>, overrides: TriggerOverrides = {}) {
  return Trigger.create(
    {
      id: randomUUID(),
      workspaceId: mission.workspaceId,
      missionId: overrides.missionId ?? mission.id,
      name: overrides.name ?? 'hook',
      webhookPath: overrides.webhookPath ?? randomBytes(16).toString('base64url'),
      signingSecret: overrides.signingSecret ?? `whsec_${randomBytes(32).toString('base64url')}`,
      signatureScheme: overrides.signatureScheme,
    },
    overrides.createdAt ?? T0,
  );
}

/** A trigger stored through the ports, on `mission` or on a mission of a new user. */
export async function seedTrigger(
  world: Pick<World, 'users' | 'workspaces' | 'missions' | 'runs' | 'triggers'>,
  overrides: TriggerOverrides & { readonly mission?: Pick<Mission, 'id' | 'workspaceId'> } = {},
): Promise<Trigger> {
  const mission = overrides.mission ?? (await seedMission(world, (await seedUser(world)).workspace.id));
  const trigger = triggerOn(mission, overrides);
  await world.triggers.add(trigger);
  return trigger;
}

export interface WebhookEntryOptions {
  readonly body?: string | Uint8Array;
  readonly idempotencyKey?: string | null;
  readonly receivedAt?: Date;
  readonly headers?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string[]>>;
  /** Another trigger's id (one that does not exist, say) on the delivery and its run. */
  readonly triggerId?: string;
}

/** An accepted delivery and the run it queues, as ingest hands them to the delivery intake. */
export function webhookEntry(
  trigger: Pick<Trigger, 'id' | 'missionId' | 'workspaceId'>,
  options: WebhookEntryOptions = {},
): { delivery: Delivery; run: Run } {
  const runId = randomUUID();
  const triggerId = options.triggerId ?? trigger.id;
  const body = options.body ?? `{"n":"${randomUUID()}"}`;
  const delivery = acceptedDelivery({
    id: randomUUID(),
    triggerId,
    receivedAt: options.receivedAt ?? new Date(),
    sourceIp: '198.51.100.7',
    runId,
    body: typeof body === 'string' ? Buffer.from(body) : body,
    contentType: 'application/json',
    headers: options.headers ?? {},
    query: options.query ?? {},
    signatureScheme: 'hex',
    idempotencyKey: options.idempotencyKey ?? null,
  });
  const run = Run.queue({
    id: runId,
    missionId: trigger.missionId,
    workspaceId: trigger.workspaceId,
    triggerType: 'webhook',
    triggerId,
    deliveryId: delivery.id,
    now: delivery.receivedAt,
  });
  return { delivery, run };
}
