import type { StoredFile } from '../../domain/files/stored-file.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleFile, type FileAccessDeps } from './accessible-file.ts';

export type GetFile = (principal: Principal, fileId: string) => Promise<StoredFile>;

/** Any member reads a file's metadata. */
export function makeGetFile(deps: FileAccessDeps): GetFile {
  return (principal, fileId) => accessibleFile(deps, principal, fileId, 'member');
}
