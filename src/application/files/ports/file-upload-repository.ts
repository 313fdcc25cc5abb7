import type { FileUpload } from '../../../domain/files/file-upload.ts';

export interface FileUploadRepository {
  add(upload: FileUpload): Promise<void>;
  /** The upload unless it expired by `now`. */
  findActive(id: string, now: Date): Promise<FileUpload | undefined>;
  /**
   * Takes the right to append to the upload for `holder` until `until`, unless another holder's lease is still
   * running at `now`: one PATCH at a time per upload, across every instance. False when taken. A lease that
   * ran out (its request died with its instance) is anyone's to take.
   */
  lease(id: string, holder: string, now: Date, until: Date): Promise<boolean>;
  /**
   * Moves `holder`'s lease to `until`; false (nothing changed) when another holder took the upload meanwhile
   * or the upload is gone (terminated, finished, swept).
   */
  renew(id: string, holder: string, until: Date): Promise<boolean>;
  /** Gives the lease back, when `holder` still holds it. */
  release(id: string, holder: string): Promise<void>;
  /** Declares the length of an upload created without one (tus creation-defer-length). */
  declareLength(id: string, length: number): Promise<void>;
  /** Those of `ids` that are uploads (expired or not). */
  existingIds(ids: readonly string[]): Promise<string[]>;
  /** Deletes the upload (finished or abandoned). */
  delete(id: string): Promise<void>;
  /**
   * Deletes up to `limit` uploads expired by `now` whose lease is not running, and returns their ids (their
   * bytes are the caller's to delete). Two instances sweeping at once never take the same upload.
   */
  takeExpired(now: Date, limit: number): Promise<string[]>;
}
