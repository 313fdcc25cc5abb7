import type { Clock } from '../kernel/ports/clock.ts';
import type { FileRepository } from './ports/file-repository.ts';
import type { FileStorage } from './ports/file-storage.ts';
import type { FileUploadRepository } from './ports/file-upload-repository.ts';

/**
 * How long an object may go unwritten before a sweep may take it for an orphan: longer than any write between
 * an object's last byte and the row that names it (an upload's or an export's file is recorded right after).
 */
export const ORPHAN_GRACE_SECONDS = 3600;
const BATCH = 500;

export type SweepOrphanedBytes = () => Promise<number>;

/**
 * Deletes the stored objects that neither a file nor an unfinished upload names any more (a deleted
 * workspace's files, an export whose instance stopped, an upload whose request died before its file was
 * recorded), once unwritten for ORPHAN_GRACE_SECONDS; returns how many. Safe on every instance at once:
 * deleting an object twice is deleting it once, and a live object is never a candidate.
 */
export function makeSweepOrphanedBytes(deps: {
  files: FileRepository;
  fileUploads: FileUploadRepository;
  fileStorage: FileStorage;
  clock: Clock;
}): SweepOrphanedBytes {
  return async () => {
    const before = new Date(deps.clock.now().getTime() - ORPHAN_GRACE_SECONDS * 1000);
    let swept = 0;
    let batch: string[] = [];
    const sweep = async () => {
      const named = new Set([
        ...(await deps.files.existingIds(batch)),
        ...(await deps.fileUploads.existingIds(batch)),
      ]);
      for (const key of batch.filter((key) => !named.has(key))) {
        await deps.fileStorage.delete(key);
        swept++;
      }
      batch = [];
    };
    for await (const key of deps.fileStorage.keysWrittenBefore(before)) {
      batch.push(key);
      if (batch.length >= BATCH) await sweep();
    }
    if (batch.length > 0) await sweep();
    return swept;
  };
}
