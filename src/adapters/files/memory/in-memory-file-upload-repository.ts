import type { FileUploadRepository } from '../../../application/files/ports/file-upload-repository.ts';
import { FileUpload } from '../../../domain/files/file-upload.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { fileTables } from './file-tables.ts';

/** Unfinished uploads in the store; a lease is a compare-and-set in one store step. */
export class InMemoryFileUploadRepository implements FileUploadRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  add(upload: FileUpload): Promise<void> {
    return this.#store.atomically(() =>
      fileTables(this.#store).fileUploads.put({ upload, leasedUntil: null, leaseHolder: null }),
    );
  }

  findActive(id: string, now: Date): Promise<FileUpload | undefined> {
    return this.#store.atomically(() => {
      const row = fileTables(this.#store).fileUploads.get(id);
      return row && row.upload.expiresAt > now ? row.upload : undefined;
    });
  }

  lease(id: string, holder: string, now: Date, until: Date): Promise<boolean> {
    return this.#store.atomically(() => {
      const row = fileTables(this.#store).fileUploads.get(id);
      if (!row || (row.leasedUntil && row.leasedUntil > now)) return false;
      fileTables(this.#store).fileUploads.update(id, (stored) => {
        stored.leasedUntil = until;
        stored.leaseHolder = holder;
      });
      return true;
    });
  }

  renew(id: string, holder: string, until: Date): Promise<boolean> {
    return this.#store.atomically(() => {
      const row = fileTables(this.#store).fileUploads.get(id);
      if (!row || row.leaseHolder !== holder) return false;
      fileTables(this.#store).fileUploads.update(id, (stored) => {
        stored.leasedUntil = until;
      });
      return true;
    });
  }

  async release(id: string, holder: string): Promise<void> {
    await this.#store.atomically(() => {
      if (fileTables(this.#store).fileUploads.get(id)?.leaseHolder !== holder) return;
      fileTables(this.#store).fileUploads.update(id, (stored) => {
        stored.leasedUntil = null;
        stored.leaseHolder = null;
      });
    });
  }

  async declareLength(id: string, length: number): Promise<void> {
    await this.#store.atomically(() => {
      const row = fileTables(this.#store).fileUploads.get(id);
      if (!row || row.upload.length !== null) return;
      fileTables(this.#store).fileUploads.update(id, (stored) => {
        stored.upload = new FileUpload({ ...row.upload, length });
      });
    });
  }

  existingIds(ids: readonly string[]): Promise<string[]> {
    return this.#store.atomically(() =>
      ids.filter((id) => fileTables(this.#store).fileUploads.get(id) !== undefined),
    );
  }

  async delete(id: string): Promise<void> {
    await this.#store.atomically(() => fileTables(this.#store).fileUploads.delete(id));
  }

  takeExpired(now: Date, limit: number): Promise<string[]> {
    return this.#store.atomically(() => {
      const expired = fileTables(this.#store)
        .fileUploads.filter(
          (row) => row.upload.expiresAt <= now && !(row.leasedUntil && row.leasedUntil > now),
        )
        .slice(0, limit)
        .map((row) => row.upload.id);
      for (const id of expired) fileTables(this.#store).fileUploads.delete(id);
      return expired;
    });
  }
}
