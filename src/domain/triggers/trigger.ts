import { secretsInUse } from '../kernel/rotating-secret.ts';
import { checkTimestampRule, parseSigningSecret, type TriggerSignatureScheme } from './signature-schemes.ts';
import {
  DEFAULT_MAX_BODY_BYTES,
  parseGraceSeconds,
  parseMaxBodyBytes,
  parseTriggerName,
  parseWebhookPath,
} from './trigger-rules.ts';

export interface TriggerProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly missionId: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly webhookPath: string;
  readonly maxBodyBytes: number;
  /** How deliveries are signed: fixed at creation, since the secret's format follows it. */
  readonly signatureScheme: TriggerSignatureScheme;
  /** Only the timestamped `t=...,v1=...` signature form is accepted (replay protection). */
  readonly requireTimestamp: boolean;
  readonly requireIdempotencyKey: boolean;
  /** The signing secret in clear: adapters encrypt it at rest, presenters never show it except on purpose. */
  readonly signingSecret: string;
  /** The secret replaced by the last rotation, still verifying until `previousSecretExpiresAt`. */
  readonly previousSecret: string | null;
  readonly previousSecretExpiresAt: Date | null;
  /**
   * The stored version this object was read at: repositories save only over that version (and bump it), so
   * that of two concurrent changes (two rotations) only one wins.
   */
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NewTrigger {
  readonly id: string;
  readonly workspaceId: string;
  readonly missionId: string;
  readonly name: string;
  /** A custom path, or the generated one when the caller gave none. */
  readonly webhookPath: string;
  readonly signingSecret: string;
  readonly signatureScheme?: TriggerSignatureScheme | undefined;
  readonly maxBodyBytes?: number | undefined;
  readonly requireTimestamp?: boolean | undefined;
  readonly requireIdempotencyKey?: boolean | undefined;
}

export interface TriggerChanges {
  readonly name?: string | undefined;
  readonly enabled?: boolean | undefined;
  readonly maxBodyBytes?: number | undefined;
  readonly requireTimestamp?: boolean | undefined;
  readonly requireIdempotencyKey?: boolean | undefined;
}

/** A webhook trigger: a signed POST to its path starts a run of its mission. */
export class Trigger {
  id!: string;
  workspaceId!: string;
  missionId!: string;
  name!: string;
  enabled!: boolean;
  webhookPath!: string;
  maxBodyBytes!: number;
  signatureScheme!: TriggerSignatureScheme;
  requireTimestamp!: boolean;
  requireIdempotencyKey!: boolean;
  signingSecret!: string;
  previousSecret!: string | null;
  previousSecretExpiresAt!: Date | null;
  version!: number;
  createdAt!: Date;
  updatedAt!: Date;

  constructor(props: TriggerProps) {
    Object.assign(this, props);
  }

  /** A new enabled trigger; the secret (generated or supplied) must suit its signature scheme. */
  static create(props: NewTrigger, now: Date): Trigger {
    const signatureScheme = props.signatureScheme ?? 'platform';
    const requireTimestamp = props.requireTimestamp ?? false;
    checkTimestampRule(signatureScheme, requireTimestamp);
    return new Trigger({
      id: props.id,
      workspaceId: props.workspaceId,
      missionId: props.missionId,
      name: parseTriggerName(props.name),
      enabled: true,
      webhookPath: parseWebhookPath(props.webhookPath),
      maxBodyBytes: parseMaxBodyBytes(props.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
      signatureScheme,
      requireTimestamp,
      requireIdempotencyKey: props.requireIdempotencyKey ?? false,
      signingSecret: parseSigningSecret(signatureScheme, props.signingSecret),
      previousSecret: null,
      previousSecretExpiresAt: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** The secrets a delivery may be signed with at `now`: the current one, then the previous one in its grace. */
  activeSecrets(now: Date): string[] {
    return secretsInUse(this, now);
  }

  /** Applies the given changes (all validated before any is applied). */
  update(changes: TriggerChanges, now: Date): void {
    const name = changes.name === undefined ? this.name : parseTriggerName(changes.name);
    const maxBodyBytes =
      changes.maxBodyBytes === undefined ? this.maxBodyBytes : parseMaxBodyBytes(changes.maxBodyBytes);
    const requireTimestamp = changes.requireTimestamp ?? this.requireTimestamp;
    checkTimestampRule(this.signatureScheme, requireTimestamp);
    Object.assign(this, {
      name,
      maxBodyBytes,
      enabled: changes.enabled ?? this.enabled,
      requireTimestamp,
      requireIdempotencyKey: changes.requireIdempotencyKey ?? this.requireIdempotencyKey,
    });
    this.#touch(now);
  }

  /**
   * `newSecret` becomes current; the current one keeps verifying for `graceSeconds` (0: not at all), so
   * senders can switch without dropping deliveries. A secret still in an earlier grace is dropped.
   */
  rotateSecret(newSecret: string, graceSeconds: number, now: Date): void {
    const grace = parseGraceSeconds(graceSeconds);
    const secret = parseSigningSecret(this.signatureScheme, newSecret);
    this.previousSecret = grace > 0 ? this.signingSecret : null;
    this.previousSecretExpiresAt = grace > 0 ? new Date(now.getTime() + grace * 1000) : null;
    this.signingSecret = secret;
    this.#touch(now);
  }

  /** Ends the previous secret's grace now. */
  revokePreviousSecret(now: Date): void {
    this.previousSecret = null;
    this.previousSecretExpiresAt = null;
    this.#touch(now);
  }

  #touch(now: Date): void {
    this.updatedAt = now;
  }
}
