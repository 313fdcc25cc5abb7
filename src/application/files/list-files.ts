import type { StoredFile } from '../../domain/files/stored-file.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { FileRepository } from './ports/file-repository.ts';

export type ListFiles = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<StoredFile>>;

/** The workspace's files, newest first, for any member. */
export function makeListFiles(deps: { files: FileRepository; workspaceAccess: WorkspaceAccess }): ListFiles {
  return async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'member');
    return deps.files.listForWorkspace(workspaceId, page);
  };
}
