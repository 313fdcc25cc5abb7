import { join } from 'node:path';
import { HmacFileLinkSigner } from '../adapters/files/crypto/hmac-file-link-signer.ts';
import { nodeByteDigests } from '../adapters/files/crypto/node-byte-digests.ts';
import { FileSweepJob } from '../adapters/files/file-sweep-job.ts';
import { fileTypeContentSniffer } from '../adapters/files/file-type-content-sniffer.ts';
import { FilesystemFileStorage } from '../adapters/files/filesystem/filesystem-file-storage.ts';
import { fileRoutes } from '../adapters/files/http/file-routes.ts';
import { tusRoutes } from '../adapters/files/http/tus-routes.ts';
import { InMemoryFileRepository } from '../adapters/files/memory/in-memory-file-repository.ts';
import { InMemoryFileStorage } from '../adapters/files/memory/in-memory-file-storage.ts';
import { InMemoryFileUploadRepository } from '../adapters/files/memory/in-memory-file-upload-repository.ts';
import { PostgresFileRepository } from '../adapters/files/postgres/postgres-file-repository.ts';
import { PostgresFileStorage } from '../adapters/files/postgres/postgres-file-storage.ts';
import { PostgresFileUploadRepository } from '../adapters/files/postgres/postgres-file-upload-repository.ts';
import { LazyS3FileStorage } from '../adapters/files/s3/lazy-s3-file-storage.ts';
import { type AppendUpload, makeAppendUpload } from '../application/files/append-upload.ts';
import { type CreateFileLink, makeCreateFileLink } from '../application/files/create-file-link.ts';
import { type CreateUpload, makeCreateUpload } from '../application/files/create-upload.ts';
import { type DeleteFile, makeDeleteFile } from '../application/files/delete-file.ts';
import { makeFileRetention } from '../application/files/file-retention.ts';
import type { FileSettings } from '../application/files/file-settings.ts';
import { type GetFile, makeGetFile } from '../application/files/get-file.ts';
import { type ListFiles, makeListFiles } from '../application/files/list-files.ts';
import type { ByteDigests } from '../application/files/ports/byte-digest.ts';
import type { ContentSniffer } from '../application/files/ports/content-sniffer.ts';
import type { FileLinkSigner } from '../application/files/ports/file-link-signer.ts';
import type { FileRepository } from '../application/files/ports/file-repository.ts';
import type { FileStorage } from '../application/files/ports/file-storage.ts';
import type { FileUploadRepository } from '../application/files/ports/file-upload-repository.ts';
import { makeReadFileContent, type ReadFileContent } from '../application/files/read-file-content.ts';
import { makeReadLinkedFile, type ReadLinkedFile } from '../application/files/read-linked-file.ts';
import { makeStoreFile, type StoreFile } from '../application/files/store-file.ts';
import {
  makeSweepExpiredUploads,
  type SweepExpiredUploads,
} from '../application/files/sweep-expired-uploads.ts';
import {
  makeSweepOrphanedBytes,
  type SweepOrphanedBytes,
} from '../application/files/sweep-orphaned-bytes.ts';
import { makeTerminateUpload, type TerminateUpload } from '../application/files/terminate-upload.ts';
import { makeUploadFile, type UploadFile } from '../application/files/upload-file.ts';
import { type GetUploadProgress, makeGetUploadProgress } from '../application/files/upload-progress.ts';
import type { RetentionPurge } from '../application/kernel/ports/retention-purge.ts';
import type { Config } from '../config.ts';
import type { Area, AreaContext } from './area.ts';
import type { ThroughBlueprints } from './blueprints.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Files: uploads, their bytes in the configured storage, downloads and signed links (CONTRACT section 11). */
export interface FilesCradle {
  files: FileRepository;
  fileStorage: FileStorage;
  /** Retention of files: metadata, then bytes. */
  fileRetention: RetentionPurge;
  fileSettings: FileSettings;
  contentSniffer: ContentSniffer;
  byteDigests: ByteDigests;
  fileLinkSigner: FileLinkSigner;
  /** PUBLIC_URL: signed links are absolute URLs. */
  fileLinkBaseUrl: string;
  storeFile: StoreFile;
  uploadFile: UploadFile;
  listFiles: ListFiles;
  getFile: GetFile;
  deleteFile: DeleteFile;
  readFileContent: ReadFileContent;
  createFileLink: CreateFileLink;
  readLinkedFile: ReadLinkedFile;
  fileUploads: FileUploadRepository;
  createUpload: CreateUpload;
  getUploadProgress: GetUploadProgress;
  appendUpload: AppendUpload;
  terminateUpload: TerminateUpload;
  sweepExpiredUploads: SweepExpiredUploads;
  uploadSweepJob: FileSweepJob;
  sweepOrphanedBytes: SweepOrphanedBytes;
  orphanSweepJob: FileSweepJob;
}

export type ThroughFiles = ThroughBlueprints & FilesCradle;

const { singleton, value } = registrar<ThroughFiles>();
const { stored } = adaptersFor<ThroughFiles>();

/** FILE_STORAGE: `postgres` (the default with PostgreSQL), `filesystem` (DATA_DIR/files), `s3` or `memory`. */
function fileStorage({ config, persistence }: AreaContext): (deps: ThroughFiles) => FileStorage {
  const kind: Config['files']['storage'] = config.files.storage;
  if (kind === 'filesystem') {
    const storage = new FilesystemFileStorage({ root: join(config.dataDir, 'files') });
    return () => storage;
  }
  if (kind === 's3' && config.files.s3) {
    const { bucket, ...settings } = config.files.s3;
    const storage = new LazyS3FileStorage({ settings, bucket });
    return () => storage;
  }
  if (kind === 'memory') {
    const storage = new InMemoryFileStorage();
    return () => storage;
  }
  if (persistence.kind !== 'postgres') throw new Error('FILE_STORAGE=postgres needs PERSISTENCE=postgres');
  return () => new PostgresFileStorage({ db: persistence.db });
}

export const files: Area<FilesCradle, ThroughFiles> = {
  name: 'files',
  register: (context) => ({
    files: singleton(
      stored(context.persistence, {
        postgres: ({ db }) => new PostgresFileRepository({ db }),
        memory: (store) => new InMemoryFileRepository({ store }),
      }),
    ),
    fileStorage: singleton(fileStorage(context)),
    fileRetention: singleton(makeFileRetention),
    fileSettings: value({
      maxBytes: context.config.files.maxBytes,
      workspaceQuotaBytes: context.config.files.workspaceQuotaBytes,
    }),
    contentSniffer: value(fileTypeContentSniffer),
    byteDigests: value(nodeByteDigests),
    fileLinkSigner: singleton(({ masterKey }) => new HmacFileLinkSigner({ masterKey })),
    fileLinkBaseUrl: value(context.config.publicUrl),
    storeFile: singleton(makeStoreFile),
    uploadFile: singleton(makeUploadFile),
    listFiles: singleton(makeListFiles),
    getFile: singleton(makeGetFile),
    deleteFile: singleton(makeDeleteFile),
    readFileContent: singleton(makeReadFileContent),
    createFileLink: singleton(makeCreateFileLink),
    readLinkedFile: singleton(makeReadLinkedFile),
    fileUploads: singleton(
      stored(context.persistence, {
        postgres: ({ db }) => new PostgresFileUploadRepository({ db }),
        memory: (store) => new InMemoryFileUploadRepository({ store }),
      }),
    ),
    createUpload: singleton(makeCreateUpload),
    getUploadProgress: singleton(makeGetUploadProgress),
    appendUpload: singleton(makeAppendUpload),
    terminateUpload: singleton(makeTerminateUpload),
    sweepExpiredUploads: singleton(makeSweepExpiredUploads),
    uploadSweepJob: singleton(
      ({ sweepExpiredUploads, logger }) =>
        new FileSweepJob({
          sweep: sweepExpiredUploads,
          logger,
          intervalSeconds: context.config.files.uploadSweepIntervalSeconds,
          name: 'upload-sweeper',
          done: 'expired unfinished uploads deleted',
          failed: 'upload sweep failed; retrying at the next interval',
        }),
      (job) => job.stop(),
    ),
    sweepOrphanedBytes: singleton(makeSweepOrphanedBytes),
    orphanSweepJob: singleton(
      ({ sweepOrphanedBytes, logger }) =>
        new FileSweepJob({
          sweep: sweepOrphanedBytes,
          logger,
          intervalSeconds: context.config.files.orphanSweepIntervalSeconds,
          name: 'orphan-sweeper',
          done: 'orphaned file bytes deleted',
          failed: 'orphaned bytes sweep failed; retrying at the next interval',
        }),
      (job) => job.stop(),
    ),
  }),
  routes: (deps) => [...fileRoutes(deps), ...tusRoutes(deps)],
  jobs: ({ uploadSweepJob, orphanSweepJob }) => [uploadSweepJob, orphanSweepJob],
  retention: ({ fileRetention }) => [fileRetention],
};
