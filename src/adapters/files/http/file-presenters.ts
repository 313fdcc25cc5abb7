import type { StoredFile } from '../../../domain/files/stored-file.ts';

export function presentFile(file: StoredFile) {
  return {
    id: file.id,
    workspace_id: file.workspaceId,
    name: file.name,
    content_type: file.contentType,
    size: file.size,
    sha256: file.sha256,
    created_by: file.createdBy,
    created_at: file.createdAt.toISOString(),
  };
}

/** `/api/files/download/<token>`: where a signed link serves its file. */
export const fileLinkPath = (token: string) => `/api/files/download/${token}`;
