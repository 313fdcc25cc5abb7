import {
  FileTooLarge,
  StorageQuotaExceeded,
  UploadBusy,
  UploadLeaseLost,
  UploadLengthInvalid,
  UploadOffsetMismatch,
} from '../../domain/files/file-errors.ts';
import type { FileUpload } from '../../domain/files/file-upload.ts';
import type { StoredFile } from '../../domain/files/stored-file.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import { meteredBytes } from './metered-bytes.ts';
import type { ByteDigests } from './ports/byte-digest.ts';
import { type RecordFileDeps, recordStoredFile } from './record-file.ts';
import { accessibleUpload, type UploadAccessDeps } from './upload-progress.ts';

/**
 * How long one PATCH holds an upload without news of it: renewed while its bytes flow (every third of it), so
 * a request whose instance died gives the upload up to another request this long after its last bytes.
 */
export const UPLOAD_LEASE_SECONDS = 30;

export type AppendUpload = (
  principal: Principal,
  id: string,
  input: {
    offset: number;
    bytes: AsyncIterable<Uint8Array>;
    /** `Upload-Length` sent with this PATCH: how an upload created without one learns its size. */
    length?: number;
  },
) => Promise<{ offset: number; file: StoredFile | undefined; upload: FileUpload }>;

type AppendDeps = UploadAccessDeps & RecordFileDeps & { byteDigests: ByteDigests; ids: IdGenerator };

/**
 * tus PATCH: appends the body at `offset`, which must be where the upload stands (409 otherwise), one request at
 * a time per upload under a lease renewed while bytes arrive. Bytes past the length (or, while the length is
 * deferred, past FILE_MAX_BYTES) are refused (413). Bytes received before a broken connection are kept, so the
 * client resumes after them. The last byte makes the file (same id).
 */
export function makeAppendUpload(deps: AppendDeps): AppendUpload {
  const leaseEnd = (from: number) => new Date(from + UPLOAD_LEASE_SECONDS * 1000);
  return async (principal, id, input) => {
    let upload = await accessibleUpload(deps, principal, id);
    const holder = deps.ids.newId();
    const now = deps.clock.now();
    if (!(await deps.fileUploads.lease(upload.id, holder, now, leaseEnd(now.getTime())))) {
      throw new UploadBusy();
    }
    try {
      const offset = await deps.fileStorage.size(upload.id);
      if (offset !== input.offset) throw new UploadOffsetMismatch(offset);
      if (input.length !== undefined) upload = await declaredLength(deps, upload, input.length, offset);
      const { length } = upload;
      const limit = length ?? deps.fileSettings.maxBytes;
      const metered = meteredBytes(input.bytes, {
        limitBytes: limit - offset,
        tooLarge: () => new FileTooLarge(limit),
        digest: deps.byteDigests.sha256(),
        headBytes: 0,
      });
      // Renewed while bytes are stored, every third of the lease: after a stall past it, another request may
      // have taken the upload over, and then this one stores nothing more.
      let renewedAt = deps.clock.now().getTime();
      const holdLease = async () => {
        const at = deps.clock.now().getTime();
        if (at - renewedAt < (UPLOAD_LEASE_SECONDS * 1000) / 3) return;
        if (!(await deps.fileUploads.renew(upload.id, holder, leaseEnd(at)))) throw new UploadLeaseLost();
        renewedAt = at;
      };
      await deps.fileStorage.append(upload.id, metered.bytes, { beforeWrite: holdLease });
      const reached = offset + metered.result().size;
      if (length === null || reached < length) return { offset: reached, file: undefined, upload };
      // The last bytes: the file is made only by the request that still holds the upload.
      if (!(await deps.fileUploads.renew(upload.id, holder, leaseEnd(deps.clock.now().getTime())))) {
        throw new UploadLeaseLost();
      }
      const file = await recordStoredFile(deps, {
        id: upload.id,
        workspaceId: upload.workspaceId,
        name: upload.name,
        contentType: upload.contentType,
        createdBy: upload.createdBy,
        createdAt: deps.clock.now(),
      }).finally(() => deps.fileUploads.delete(upload.id));
      return { offset: reached, file, upload };
    } finally {
      await deps.fileUploads.release(upload.id, holder);
    }
  };
}

/** The upload with its length: declared now when it was deferred (within the limits), else the same. */
async function declaredLength(
  deps: AppendDeps,
  upload: FileUpload,
  length: number,
  offset: number,
): Promise<FileUpload> {
  if (upload.length !== null) {
    if (upload.length !== length) throw new UploadLengthInvalid(`Upload-Length is ${upload.length}`);
    return upload;
  }
  if (length < offset) throw new UploadLengthInvalid(`the upload holds ${offset} bytes already`);
  const { maxBytes, workspaceQuotaBytes: quota } = deps.fileSettings;
  if (length > maxBytes) throw new FileTooLarge(maxBytes);
  if ((await deps.files.usedBytes(upload.workspaceId)) + length > quota)
    throw new StorageQuotaExceeded(quota);
  await deps.fileUploads.declareLength(upload.id, length);
  return upload.withLength(length);
}
