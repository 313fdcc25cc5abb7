import { FileNotFound } from '../../domain/files/file-errors.ts';
import type { StoredFile } from '../../domain/files/stored-file.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { FileRepository } from './ports/file-repository.ts';

export interface FileAccessDeps {
  readonly files: FileRepository;
  readonly workspaceAccess: WorkspaceAccess;
}

/** The file when the caller holds `minimum` in its workspace; another workspace's file is NotFound. */
export async function accessibleFile(
  deps: FileAccessDeps,
  principal: Principal,
  fileId: string,
  minimum: Role,
): Promise<StoredFile> {
  const file = await deps.files.findById(fileId);
  if (!file) throw new FileNotFound();
  await deps.workspaceAccess(principal, file.workspaceId, minimum, 'file');
  return file;
}
