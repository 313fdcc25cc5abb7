import { UploadNotFound } from '../../domain/files/file-errors.ts';
import type { FileUpload } from '../../domain/files/file-upload.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { FileStorage } from './ports/file-storage.ts';
import type { FileUploadRepository } from './ports/file-upload-repository.ts';

export interface UploadAccessDeps {
  readonly fileUploads: FileUploadRepository;
  readonly fileStorage: FileStorage;
  readonly workspaceAccess: WorkspaceAccess;
  readonly clock: Clock;
}

/** The upload when it has not expired and the caller is an admin of its workspace; else UploadNotFound. */
export async function accessibleUpload(
  deps: UploadAccessDeps,
  principal: Principal,
  id: string,
): Promise<FileUpload> {
  const upload = await deps.fileUploads.findActive(id, deps.clock.now());
  if (!upload) throw new UploadNotFound();
  await deps.workspaceAccess(principal, upload.workspaceId, 'admin', 'upload');
  return upload;
}

export type GetUploadProgress = (
  principal: Principal,
  id: string,
) => Promise<{ upload: FileUpload; offset: number }>;

/** tus HEAD: how many bytes the storage holds, which is where the client resumes. */
export function makeGetUploadProgress(deps: UploadAccessDeps): GetUploadProgress {
  return async (principal, id) => {
    const upload = await accessibleUpload(deps, principal, id);
    return { upload, offset: await deps.fileStorage.size(upload.id) };
  };
}
