import { declaredContentType, storedContentType } from '../../domain/files/content-type.ts';
import { FileTooLarge, StorageQuotaExceeded } from '../../domain/files/file-errors.ts';
import { fileName, StoredFile } from '../../domain/files/stored-file.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { FileSettings } from './file-settings.ts';
import { meteredBytes } from './metered-bytes.ts';
import type { ByteDigests } from './ports/byte-digest.ts';
import { type ContentSniffer, SNIFF_BYTES } from './ports/content-sniffer.ts';
import type { FileRepository } from './ports/file-repository.ts';
import type { FileStorage } from './ports/file-storage.ts';

export interface StoreFileInput {
  readonly workspaceId: string;
  readonly name: string;
  /** The sender's `Content-Type`; what the first bytes show wins when they disagree. */
  readonly contentType: string | undefined;
  /** The user the file is recorded as created by; null for an API key. */
  readonly createdBy: string | null;
  readonly bytes: AsyncIterable<Uint8Array>;
  /** At most this many bytes (FileTooLarge past it); only the workspace's quota bounds the file when absent. */
  readonly maxBytes?: number | undefined;
}

/**
 * Streams bytes into a new file of a workspace, checking no access (the caller did): they are counted while
 * they are stored and, past `maxBytes` or the room the workspace's quota leaves, the writing stops there (413)
 * and what was written is deleted. The quota is checked again when the file is recorded, against concurrent
 * writers. Uploads and exports make their files through it.
 */
export type StoreFile = (input: StoreFileInput) => Promise<StoredFile>;

export interface StoreFileDeps {
  readonly files: FileRepository;
  readonly fileStorage: FileStorage;
  readonly fileSettings: FileSettings;
  readonly contentSniffer: ContentSniffer;
  readonly byteDigests: ByteDigests;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

export function makeStoreFile(deps: StoreFileDeps): StoreFile {
  const quota = deps.fileSettings.workspaceQuotaBytes;
  return async (input) => {
    const name = fileName(input.name);
    const maxBytes = input.maxBytes ?? Number.POSITIVE_INFINITY;
    const room = quota - (await deps.files.usedBytes(input.workspaceId));
    const overQuota = () => new StorageQuotaExceeded(quota);
    const limitBytes = Math.max(0, Math.min(maxBytes, room));
    const metered = meteredBytes(input.bytes, {
      limitBytes,
      tooLarge: () => (limitBytes < maxBytes ? overQuota() : new FileTooLarge(maxBytes)),
      digest: deps.byteDigests.sha256(),
      headBytes: SNIFF_BYTES,
    });
    const id = deps.ids.newId();
    try {
      await deps.fileStorage.append(id, metered.bytes);
      const { size, sha256, head } = metered.result();
      const declared = declaredContentType(input.contentType);
      const file = new StoredFile({
        id,
        workspaceId: input.workspaceId,
        name,
        contentType: storedContentType(declared, await deps.contentSniffer.sniff(head)),
        size,
        sha256,
        createdBy: input.createdBy,
        createdAt: deps.clock.now(),
      });
      if (!(await deps.files.addWithinQuota(file, quota))) throw overQuota();
      return file;
    } catch (error) {
      await deps.fileStorage.delete(id).catch(() => {});
      throw error;
    }
  };
}
