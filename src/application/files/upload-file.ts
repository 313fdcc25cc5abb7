import { FileTooLarge, StorageQuotaExceeded } from '../../domain/files/file-errors.ts';
import { fileName, type StoredFile } from '../../domain/files/stored-file.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { FileSettings } from './file-settings.ts';
import type { FileRepository } from './ports/file-repository.ts';
import type { StoreFile } from './store-file.ts';

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
  readonly fileSettings: FileSettings;
  readonly workspaceAccess: WorkspaceAccess;
  readonly storeFile: StoreFile;
}

/**
 * Admins and owners upload a file into their workspace. The bytes stream into the storage while they are
 * counted (`storeFile`): past FILE_MAX_BYTES or the room the workspace's quota leaves, the upload stops there
 * (413) and what was written is deleted. A too large `Content-Length` is refused before any byte is read.
 */
export function makeUploadFile(deps: UploadFileDeps): UploadFile {
  const { maxBytes, workspaceQuotaBytes: quota } = deps.fileSettings;
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspaceId, 'admin');
    fileName(input.name);
    if (input.declaredSize !== undefined) {
      if (input.declaredSize > maxBytes) throw new FileTooLarge(maxBytes);
      const room = quota - (await deps.files.usedBytes(input.workspaceId));
      if (input.declaredSize > room) throw new StorageQuotaExceeded(quota);
    }
    return deps.storeFile({
      workspaceId: input.workspaceId,
      name: input.name,
      contentType: input.contentType,
      createdBy: principal.kind === 'user' ? principal.userId : null,
      bytes: input.bytes,
      maxBytes,
    });
  };
}
