import type { StoredFile } from '../../../domain/files/stored-file.ts';
import type { RetentionCutoffs } from '../../../domain/kernel/retention.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

export interface FileRepository {
  /**
   * Stores the file's metadata when the workspace's files, this one included, stay within `quotaBytes`;
   * false (and nothing stored) otherwise. The check and the insert are one step for concurrent uploads to the
   * same workspace (PostgreSQL: under the workspace's advisory lock).
   */
  addWithinQuota(file: StoredFile, quotaBytes: number): Promise<boolean>;
  findById(id: string): Promise<StoredFile | undefined>;
  /** One page of the workspace's files, newest first: ordered by (createdAt, id) descending. */
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<StoredFile>>;
  /** The bytes the workspace's files hold, in all. */
  usedBytes(workspaceId: string): Promise<number>;
  /** Those of `ids` that are files. */
  existingIds(ids: readonly string[]): Promise<string[]>;
  /** Deletes the metadata; true when it existed. The bytes are the FileStorage's to delete. */
  delete(id: string): Promise<boolean>;
  /**
   * Retention: deletes the metadata of up to `limit` files uploaded before their workspace's cutoff, in one
   * short transaction, skipping files another instance holds; returns their ids (the bytes are the caller's).
   */
  deleteExpired(cutoffs: RetentionCutoffs, limit: number): Promise<string[]>;
}
