import { FileTooLarge, UploadBusy, UploadOffsetMismatch } from '../../domain/files/file-errors.ts';
import type { StoredFile } from '../../domain/files/stored-file.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { meteredBytes } from './metered-bytes.ts';
import type { ByteDigests } from './ports/byte-digest.ts';
import { type RecordFileDeps, recordStoredFile } from './record-file.ts';
import { accessibleUpload, type UploadAccessDeps } from './upload-progress.ts';

/** How long one PATCH may hold an upload before another may take it over (a request that died silently). */
export const UPLOAD_LEASE_SECONDS = 3600;

export type AppendUpload = (
  principal: Principal,
  id: string,
  input: { offset: number; bytes: AsyncIterable<Uint8Array> },
) => Promise<{ offset: number; file: StoredFile | undefined }>;

/**
 * tus PATCH: appends the body at `offset`, which must be where the upload stands (409 otherwise), one request at
 * a time per upload. Bytes past the announced length are refused (413). Bytes received before a broken
 * connection are kept, so the client resumes after them. The last byte makes the file (same id).
 */
export function makeAppendUpload(
  deps: UploadAccessDeps & RecordFileDeps & { byteDigests: ByteDigests },
): AppendUpload {
  return async (principal, id, input) => {
    const upload = await accessibleUpload(deps, principal, id);
    const now = deps.clock.now();
    if (
      !(await deps.fileUploads.lease(upload.id, now, new Date(now.getTime() + UPLOAD_LEASE_SECONDS * 1000)))
    ) {
      throw new UploadBusy();
    }
    try {
      const offset = await deps.fileStorage.size(upload.id);
      if (offset !== input.offset) throw new UploadOffsetMismatch(offset);
      const metered = meteredBytes(input.bytes, {
        limitBytes: upload.length - offset,
        tooLarge: () => new FileTooLarge(upload.length),
        digest: deps.byteDigests.sha256(),
        headBytes: 0,
      });
      await deps.fileStorage.append(upload.id, metered.bytes);
      const reached = offset + metered.result().size;
      if (reached < upload.length) return { offset: reached, file: undefined };
      const file = await recordStoredFile(deps, {
        id: upload.id,
        workspaceId: upload.workspaceId,
        name: upload.name,
        contentType: upload.contentType,
        createdBy: upload.createdBy,
        createdAt: deps.clock.now(),
      }).finally(() => deps.fileUploads.delete(upload.id));
      return { offset: reached, file };
    } finally {
      await deps.fileUploads.release(upload.id);
    }
  };
}
