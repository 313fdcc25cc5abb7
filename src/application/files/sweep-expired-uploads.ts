import type { Clock } from '../kernel/ports/clock.ts';
import type { FileStorage } from './ports/file-storage.ts';
import type { FileUploadRepository } from './ports/file-upload-repository.ts';

const BATCH = 100;

export type SweepExpiredUploads = () => Promise<number>;

/** Deletes the unfinished uploads past their 24 h, and their bytes; returns how many. Safe on every instance. */
export function makeSweepExpiredUploads(deps: {
  fileUploads: FileUploadRepository;
  fileStorage: FileStorage;
  clock: Clock;
}): SweepExpiredUploads {
  return async () => {
    let swept = 0;
    for (;;) {
      const ids = await deps.fileUploads.takeExpired(deps.clock.now(), BATCH);
      for (const id of ids) await deps.fileStorage.delete(id);
      swept += ids.length;
      if (ids.length < BATCH) return swept;
    }
  };
}
