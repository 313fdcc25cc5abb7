import { declaredContentType } from '../../domain/files/content-type.ts';
import { FileTooLarge, StorageQuotaExceeded } from '../../domain/files/file-errors.ts';
import { FileUpload } from '../../domain/files/file-upload.ts';
import { fileName } from '../../domain/files/stored-file.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { FileSettings } from './file-settings.ts';
import type { FileRepository } from './ports/file-repository.ts';
import type { FileUploadRepository } from './ports/file-upload-repository.ts';

export interface CreateUploadInput {
  readonly workspaceId: string;
  readonly name: string;
  readonly contentType: string | undefined;
  /** The file's size; null when the client declares it later (tus creation-defer-length). */
  readonly length: number | null;
}

export type CreateUpload = (principal: Principal, input: CreateUploadInput) => Promise<FileUpload>;

/**
 * Admins and owners start a resumable upload of `length` bytes: refused at once (413) when the file could never
 * be stored, over FILE_MAX_BYTES or the room the workspace's quota leaves now. A deferred length is checked
 * the same way when a PATCH declares it.
 */
export function makeCreateUpload(deps: {
  files: FileRepository;
  fileUploads: FileUploadRepository;
  fileSettings: FileSettings;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
  ids: IdGenerator;
}): CreateUpload {
  const { maxBytes, workspaceQuotaBytes: quota } = deps.fileSettings;
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspaceId, 'admin');
    const name = fileName(input.name);
    const length = input.length ?? 0;
    if (length > maxBytes) throw new FileTooLarge(maxBytes);
    if ((await deps.files.usedBytes(input.workspaceId)) + length > quota)
      throw new StorageQuotaExceeded(quota);
    const upload = FileUpload.start({
      id: deps.ids.newId(),
      workspaceId: input.workspaceId,
      name,
      contentType: declaredContentType(input.contentType),
      length: input.length,
      createdBy: principal.kind === 'user' ? principal.userId : null,
      createdAt: deps.clock.now(),
    });
    await deps.fileUploads.add(upload);
    return upload;
  };
}
