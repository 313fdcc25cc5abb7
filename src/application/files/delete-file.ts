import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleFile, type FileAccessDeps } from './accessible-file.ts';
import type { FileStorage } from './ports/file-storage.ts';

export type DeleteFile = (principal: Principal, fileId: string) => Promise<void>;

/**
 * Admins and owners delete a file: its metadata first (the quota is freed and every link to it is dead at
 * once), then its bytes.
 */
export function makeDeleteFile(deps: FileAccessDeps & { fileStorage: FileStorage }): DeleteFile {
  return async (principal, fileId) => {
    const file = await accessibleFile(deps, principal, fileId, 'admin');
    if (await deps.files.delete(file.id)) await deps.fileStorage.delete(file.id);
  };
}
