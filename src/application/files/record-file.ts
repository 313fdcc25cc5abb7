import { storedContentType } from '../../domain/files/content-type.ts';
import { StorageQuotaExceeded } from '../../domain/files/file-errors.ts';
import { StoredFile } from '../../domain/files/stored-file.ts';
import type { FileSettings } from './file-settings.ts';
import { meteredBytes } from './metered-bytes.ts';
import type { ByteDigests } from './ports/byte-digest.ts';
import { type ContentSniffer, SNIFF_BYTES } from './ports/content-sniffer.ts';
import type { FileRepository } from './ports/file-repository.ts';
import type { FileStorage } from './ports/file-storage.ts';

export interface RecordFileDeps {
  readonly files: FileRepository;
  readonly fileStorage: FileStorage;
  readonly fileSettings: FileSettings;
  readonly contentSniffer: ContentSniffer;
  readonly byteDigests: ByteDigests;
}

/**
 * Makes the file of bytes already stored under `id` (a finished resumable upload): reads them once for their
 * digest and first bytes, then records the file within the workspace's quota. Over the quota, the bytes are
 * deleted and StorageQuotaExceeded thrown.
 */
export async function recordStoredFile(
  deps: RecordFileDeps,
  props: {
    id: string;
    workspaceId: string;
    name: string;
    contentType: string;
    createdBy: string | null;
    createdAt: Date;
  },
): Promise<StoredFile> {
  const metered = meteredBytes(deps.fileStorage.read(props.id), {
    limitBytes: Number.MAX_SAFE_INTEGER,
    tooLarge: () => new StorageQuotaExceeded(deps.fileSettings.workspaceQuotaBytes),
    digest: deps.byteDigests.sha256(),
    headBytes: SNIFF_BYTES,
  });
  for await (const _ of metered.bytes);
  const { size, sha256, head } = metered.result();
  const file = new StoredFile({
    ...props,
    contentType: storedContentType(props.contentType, await deps.contentSniffer.sniff(head)),
    size,
    sha256,
  });
  if (!(await deps.files.addWithinQuota(file, deps.fileSettings.workspaceQuotaBytes))) {
    await deps.fileStorage.delete(props.id);
    throw new StorageQuotaExceeded(deps.fileSettings.workspaceQuotaBytes);
  }
  return file;
}
