import { FileUpload } from '../../../domain/files/file-upload.ts';
import { StoredFile } from '../../../domain/files/stored-file.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** An unfinished upload and the lease of the request appending to it (`file_uploads.leased_until`). */
export interface FileUploadRow {
  upload: FileUpload;
  leasedUntil: Date | null;
  leaseHolder: string | null;
}

/** The files area's in-memory tables; files and unfinished uploads go with their workspace. */
export const fileTables = inMemoryTables((store) => {
  const files = store.byId((f: StoredFile) => new StoredFile(f));
  files.cascadeFrom(workspaceTables(store).workspaces, (f) => f.workspaceId);
  const fileUploads = store.table(
    (row: FileUploadRow) => row.upload.id,
    (row) => ({
      upload: new FileUpload(row.upload),
      leasedUntil: row.leasedUntil,
      leaseHolder: row.leaseHolder,
    }),
  );
  fileUploads.cascadeFrom(workspaceTables(store).workspaces, (row) => row.upload.workspaceId);
  return { files, fileUploads };
});
