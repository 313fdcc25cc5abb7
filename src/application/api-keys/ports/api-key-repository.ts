import type { ApiKey } from '../../../domain/api-keys/api-key.ts';
import type { CreatorKeyScope } from '../../kernel/ports/creator-keys.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

export interface ApiKeyRepository {
  /** Stores a new key. Key ids are 128 random bits: adapters may treat a duplicate as a bug (unique index). */
  add(key: ApiKey): Promise<void>;
  /**
   * The key with this key id (an indexed lookup, on every request made with a key), revoked and expired ones
   * included: the caller decides. Gone once its workspace is deleted.
   */
  findByKeyId(keyId: string): Promise<ApiKey | undefined>;
  /** The key with this id, revoked ones included. */
  findById(id: string): Promise<ApiKey | undefined>;
  /** One page of the workspace's keys not revoked (expired ones included), by (createdAt, id) ascending. */
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<ApiKey>>;
  /** Marks the key revoked at `now`; false when it was already revoked or does not exist. Atomic. */
  revoke(id: string, now: Date): Promise<boolean>;
  /** See CreatorKeys: the keys `userId` created within `scope`, revoked at `now`. */
  revokeCreatedBy(
    userId: string,
    scope: CreatorKeyScope,
    now: Date,
  ): Promise<{ readonly id: string; readonly workspaceId: string }[]>;
  /**
   * Sets `lastUsedAt` to `now` only when it is null or not after `cutoff`, in one conditional write, so that
   * requests of one key on any number of instances write it at most once per interval.
   */
  recordUse(id: string, now: Date, cutoff: Date): Promise<void>;
}
