import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleUpload, type UploadAccessDeps } from './upload-progress.ts';

export type TerminateUpload = (principal: Principal, id: string) => Promise<void>;

/**
 * tus termination: the upload is gone at once (HEAD and PATCH answer 404), then its bytes. A PATCH still
 * streaming into it stops at its next lease renewal; what it writes meanwhile is left to the orphan sweep.
 */
export function makeTerminateUpload(deps: UploadAccessDeps): TerminateUpload {
  return async (principal, id) => {
    const upload = await accessibleUpload(deps, principal, id);
    await deps.fileUploads.delete(upload.id);
    await deps.fileStorage.delete(upload.id);
  };
}
