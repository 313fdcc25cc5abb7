import { InvalidInput } from '../kernel/errors.ts';
import { parseName } from '../kernel/names.ts';
import { MAX_API_KEY_NAME_LENGTH } from '../kernel/principal.ts';
import { API_KEY_ROLES, type ApiKeyRole } from '../kernel/roles.ts';

/**
 * `last_used_at` is kept to this resolution: a key used all the time is written at most once per interval,
 * not on every request.
 */
export const LAST_USED_RESOLUTION_SECONDS = 60;

export interface ApiKeyProps {
  readonly id: string;
  readonly workspaceId: string;
  /** The public, random part of the key that finds it (see api-key-format.ts). */
  readonly keyId: string;
  /** SHA-256 of the secret part; the key itself is never stored. */
  readonly secretHash: string;
  readonly name: string;
  readonly role: ApiKeyRole;
  /** The user who created it; null when an operator did, with the CLI. */
  readonly createdBy: string | null;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
}

/** What a new key is made of; the rest starts empty. */
export type IssueApiKey = Omit<ApiKeyProps, 'createdAt' | 'lastUsedAt' | 'revokedAt'>;

/** A workspace's credential for machines (workers, CI, scripts): acts in that workspace only, with its role. */
export class ApiKey {
  id!: string;
  workspaceId!: string;
  keyId!: string;
  secretHash!: string;
  name!: string;
  role!: ApiKeyRole;
  createdBy!: string | null;
  createdAt!: Date;
  lastUsedAt!: Date | null;
  expiresAt!: Date | null;
  revokedAt!: Date | null;

  constructor(props: ApiKeyProps) {
    Object.assign(this, props);
  }

  static issue(props: IssueApiKey, now: Date): ApiKey {
    if (!(API_KEY_ROLES as readonly string[]).includes(props.role)) {
      throw new InvalidInput(`role must be one of ${API_KEY_ROLES.join(', ')}`);
    }
    if (props.expiresAt !== null && props.expiresAt.getTime() <= now.getTime()) {
      throw new InvalidInput('expires_at must be in the future');
    }
    return new ApiKey({
      ...props,
      name: parseApiKeyName(props.name),
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
  }

  /** Not revoked and not past its expiry: revocation and expiry take effect on the very next request. */
  isUsable(now: Date): boolean {
    return this.revokedAt === null && (this.expiresAt === null || now.getTime() < this.expiresAt.getTime());
  }

  /** The latest `last_used_at` that is already fresh enough at `now`: older ones are worth a write. */
  lastUseCutoff(now: Date): Date {
    return new Date(now.getTime() - LAST_USED_RESOLUTION_SECONDS * 1000);
  }

  needsUseRecorded(now: Date): boolean {
    return this.lastUsedAt === null || this.lastUsedAt.getTime() <= this.lastUseCutoff(now).getTime();
  }
}

/** A key name: trimmed, 1 to 100 printable characters. */
export function parseApiKeyName(value: string): string {
  return parseName(value, 'name', MAX_API_KEY_NAME_LENGTH);
}
