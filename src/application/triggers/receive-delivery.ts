import { DomainError } from '../../domain/kernel/errors.ts';
import { QuotaExceeded, type Quotas } from '../../domain/kernel/quotas.ts';
import { type QueryValues, Run, webhookRunInput } from '../../domain/runs/index.ts';
import { acceptedDelivery, type RejectionReason, rejectedDelivery } from '../../domain/triggers/delivery.ts';
import { IDEMPOTENCY_WINDOW_SECONDS, parseIdempotencyKey } from '../../domain/triggers/idempotency-key.ts';
import { requiresSignedTimestamp } from '../../domain/triggers/signature-policy.ts';
import type { TriggerSignatureScheme } from '../../domain/triggers/signature-schemes.ts';
import type { Trigger } from '../../domain/triggers/trigger.ts';
import { DEFAULT_MAX_BODY_BYTES, isWellFormedWebhookPath } from '../../domain/triggers/trigger-rules.ts';
import {
  IdempotencyKeyRequired,
  InvalidSignature,
  MissingSignature,
  PayloadTooLarge,
  TriggerNotFound,
} from '../../domain/triggers/webhook-errors.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { RateLimiter } from '../kernel/ports/rate-limiter.ts';
import type { Usage } from '../kernel/ports/usage.ts';
import { type MissionBlueprints, type MissionRepository, runBlueprintOf } from '../missions/index.ts';
import type { DeliveryIntake } from './ports/delivery-intake.ts';
import type { RefusalLog } from './ports/refusal-log.ts';
import type { HeaderLookup, SignatureVerdict, SignatureVerifiers } from './ports/signature-verifier.ts';
import type { TriggerRepository } from './ports/trigger-repository.ts';
import type { WebhookSecretGenerator } from './ports/webhook-secret-generator.ts';

export interface IncomingDelivery {
  readonly webhookPath: string;
  /** Every request header, for the trigger's signature scheme to read its own. */
  readonly requestHeaders: HeaderLookup;
  /**
   * Reads the exact raw body, refusing more than `limitBytes` (PayloadTooLarge, from Content-Length before
   * reading and while streaming) and any Content-Encoding (UnsupportedContentEncoding).
   */
  readonly readBody: (limitBytes: number) => Promise<Uint8Array>;
  /** Content-Length as sent, for the log entry of a delivery refused before its body was read. */
  readonly declaredBytes: number | undefined;
  readonly contentType: string | null;
  /** The headers kept with the delivery (the adapter leaves out credentials and signatures). */
  readonly headers: Readonly<Record<string, string>>;
  readonly query: QueryValues;
  readonly idempotencyKey: string | undefined;
  readonly deliveryIdHeader: string | undefined;
  readonly sourceIp: string | null;
  /** The W3C trace context to store with the run (a malformed one is dropped). */
  readonly traceparent?: string | null | undefined;
}

export interface DeliveryReceipt {
  readonly deliveryId: string;
  readonly runId: string | null;
  readonly status: 'accepted' | 'duplicate';
  /** The signature scheme the delivery was verified with. */
  readonly scheme: TriggerSignatureScheme;
}

export type ReceiveDelivery = (incoming: IncomingDelivery) => Promise<DeliveryReceipt>;

export interface ReceiveDeliveryDeps {
  /** Per delivery, the trigger by path and its mission's run policy: may be caches. */
  cachedTriggers: Pick<TriggerRepository, 'findByWebhookPath'>;
  cachedMissions: Pick<MissionRepository, 'findById'>;
  /** The latest version, for a run of a mission that follows it (pinned when the run is created). */
  missionBlueprints: Pick<MissionBlueprints, 'latestVersion'>;
  refusalLog: RefusalLog;
  deliveryIntake: DeliveryIntake;
  signatureVerifiers: SignatureVerifiers;
  webhookRateLimiter: RateLimiter;
  webhookSecrets: WebhookSecretGenerator;
  clock: Clock;
  ids: IdGenerator;
  usage: Pick<Usage, 'queuedRunsReach'>;
  quotas: Quotas;
}

/**
 * Webhook ingest. In order: the per-path budget (429, before any HMAC work); the body, read raw within the
 * trigger's limit (413, 415); the signature, verified for unknown, deleted and disabled paths too (against a
 * dummy secret or the trigger's own) so they cost the same work before answering 404, whatever their body;
 * the idempotency key; the mission's queue (409 `quota_exceeded` when it holds QUOTA_QUEUED_RUNS_PER_MISSION
 * runs, a repeat too); then the delivery and its queued run through the intake, and only once they are
 * committed the receipt. Refusals of a live trigger are logged (metadata only, at a bounded rate).
 */
export function makeReceiveDelivery(deps: ReceiveDeliveryDeps): ReceiveDelivery {
  const dummySecrets = [deps.webhookSecrets.newSigningSecret('platform')];

  return async (incoming) => {
    // A malformed path can be no trigger's (the pattern is public): nothing to hide, nothing to spend.
    if (!isWellFormedWebhookPath(incoming.webhookPath)) throw new TriggerNotFound();
    const found = await deps.cachedTriggers.findByWebhookPath(incoming.webhookPath);
    // Keyed by path, not by trigger id: unknown paths spend a budget too, so a 429 does not reveal a trigger.
    await deps.webhookRateLimiter.consume(incoming.webhookPath);
    const live = found?.enabled ? found : undefined;
    const now = deps.clock.now();
    const reject = (reason: RejectionReason, sizeBytes: number) => {
      if (live) logRejection(deps, live, incoming, now, reason, sizeBytes);
    };

    let body: Uint8Array;
    try {
      // A path that takes no delivery is read under the common limit and answers 404 whatever the body: its
      // trigger's own limit (413) or a refused encoding (415) would tell it apart from an unknown path.
      body = await incoming.readBody(live?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    } catch (error) {
      if (!live && error instanceof DomainError) throw new TriggerNotFound();
      if (error instanceof DomainError) {
        const size = error instanceof PayloadTooLarge ? error.sizeBytes : (incoming.declaredBytes ?? 0);
        reject(error.code as RejectionReason, size);
      }
      throw error;
    }
    const verifier = deps.signatureVerifiers[found?.signatureScheme ?? 'platform'];
    const verdict = verifier.verify({
      headers: incoming.requestHeaders,
      body,
      secrets: found ? found.activeSecrets(now) : dummySecrets,
      now,
      requireTimestamp: requiresSignedTimestamp(found),
    });
    if (!live) throw new TriggerNotFound();
    if (!verdict.valid) {
      const error = signatureError(verdict, live.signatureScheme);
      reject(error.code as RejectionReason, body.byteLength);
      throw error;
    }

    let idempotencyKey: string | null;
    try {
      // A scheme's own delivery id (X-GitHub-Delivery, the signed webhook-id) is the sender's key.
      const schemeKey = verifier.deliveryIdHeader && incoming.requestHeaders(verifier.deliveryIdHeader);
      idempotencyKey = parseIdempotencyKey(schemeKey || incoming.idempotencyKey, incoming.deliveryIdHeader);
      if (idempotencyKey === null && live.requireIdempotencyKey) throw new IdempotencyKeyRequired();
    } catch (error) {
      reject('invalid_request', body.byteLength);
      throw error;
    }

    const runId = deps.ids.newId();
    const delivery = acceptedDelivery({
      id: deps.ids.newId(),
      triggerId: live.id,
      receivedAt: now,
      sourceIp: incoming.sourceIp,
      contentType: incoming.contentType,
      signatureScheme: verdict.scheme,
      runId,
      body,
      headers: incoming.headers,
      query: incoming.query,
      idempotencyKey,
    });
    // Deleting a mission deletes its triggers: a mission gone since the lookup is an unknown path.
    const mission = await deps.cachedMissions.findById(live.missionId);
    if (!mission) throw new TriggerNotFound();
    // Counted before the intake, so every family and the group-commit batch honour it alike; like manual runs,
    // a bound rather than an exact count: deliveries in flight together may pass it by as many (and, well below
    // the limit, a count a second old may answer: see Usage.queuedRunsReach).
    if (await deps.usage.queuedRunsReach(mission.id, deps.quotas.queued_runs)) {
      reject('quota_exceeded', body.byteLength);
      throw new QuotaExceeded('queued_runs', deps.quotas.queued_runs);
    }
    const run = Run.queue({
      id: runId,
      missionId: live.missionId,
      workspaceId: live.workspaceId,
      triggerType: 'webhook',
      triggerId: live.id,
      deliveryId: delivery.id,
      webhookInput: () => webhookRunInput(delivery),
      policy: mission.policy,
      traceparent: incoming.traceparent,
      blueprint: await runBlueprintOf(deps, mission),
      now,
    });
    const outcome = await deps.deliveryIntake.accept(delivery, run, IDEMPOTENCY_WINDOW_SECONDS);
    return outcome.stored
      ? { deliveryId: delivery.id, runId, status: 'accepted', scheme: live.signatureScheme }
      : { ...outcome.original, status: 'duplicate', scheme: live.signatureScheme };
  };
}

function signatureError(
  verdict: Extract<SignatureVerdict, { valid: false }>,
  scheme: TriggerSignatureScheme,
): DomainError {
  return verdict.reason === 'missing'
    ? new MissingSignature(scheme)
    : new InvalidSignature(verdict.reason, scheme);
}

/** Not awaited (the log never waits nor fails): a refusal answers in the same time whether or not it is logged. */
function logRejection(
  deps: ReceiveDeliveryDeps,
  trigger: Trigger,
  incoming: IncomingDelivery,
  now: Date,
  reason: RejectionReason,
  sizeBytes: number,
): void {
  deps.refusalLog.record(
    rejectedDelivery({
      id: deps.ids.newId(),
      triggerId: trigger.id,
      receivedAt: now,
      sourceIp: incoming.sourceIp,
      reason,
      sizeBytes,
      contentType: incoming.contentType,
    }),
  );
}
