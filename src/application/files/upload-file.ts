import { declaredContentType, storedContentType } from '../../domain/files/content-type.ts';
import { FileTooLarge, StorageQuotaExceeded } from '../../domain/files/file-errors.ts';
import { fileName, StoredFile } from '../../domain/files/stored-file.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { FileSettings } from './file-settings.ts';
import { meteredBytes } from './metered-bytes.ts';
import type { ByteDigests } from './ports/byte-digest.ts';
import { type ContentSniffer, SNIFF_BYTES } from './ports/content-sniffer.ts';
import type { FileRepository } from './ports/file-repository.ts';
import type { FileStorage } from './ports/file-storage.ts';

export interface UploadFileInput {
  readonly workspaceId: string;
  readonly name: string;
  /** The sender's `Content-Type` (of the body, or of the multipart part). */
  readonly contentType: string | undefined;
  /** What the sender announced (`Content-Length`), when it did: refused at once when already too large. */
  readonly declaredSize?: number | undefined;
  readonly bytes: AsyncIterable<Uint8Array>;
}

export type UploadFile = (principal: Principal, input: UploadFileInput) => Promise<StoredFile>;

export interface UploadFileDeps {
  readonly files: FileRepository;
  readonly fileStorage: FileStorage;
  readonly fileSettings: FileSettings;
  readonly contentSniffer: ContentSniffer;
  readonly byteDigests: ByteDigests;
  readonly workspaceAccess: WorkspaceAccess;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * Admins and owners upload a file into their workspace. The bytes stream into the storage while they are
 * counted: past FILE_MAX_BYTES or the room the workspace's quota leaves, the upload stops there (413) and what
 * was written is deleted. The quota is checked again when the file is recorded, against concurrent uploads.
 */
export function makeUploadFile(deps: UploadFileDeps): UploadFile {
  const { maxBytes, workspaceQuotaBytes: quota } = deps.fileSettings;
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspaceId, 'admin');
    const name = fileName(input.name);
    const room = quota - (await deps.files.usedBytes(input.workspaceId));
    const overQuota = () => new StorageQuotaExceeded(quota);
    if (input.declaredSize !== undefined && input.declaredSize > maxBytes) throw new FileTooLarge(maxBytes);
    if (input.declaredSize !== undefined && input.declaredSize > room) throw overQuota();
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
        createdBy: principal.kind === 'user' ? principal.userId : null,
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
