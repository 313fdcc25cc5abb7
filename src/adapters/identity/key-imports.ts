import type { CryptoKey } from 'jose';

/** Imported keys by kid: a kid's key material never changes, so importing once is enough. */
export class KeyImports {
  readonly #byKid = new Map<string, Promise<CryptoKey | Uint8Array>>();

  /** The key imported for `kid`, importing it with `load` the first time (again after a failed import). */
  get(kid: string, load: () => Promise<CryptoKey | Uint8Array>): Promise<CryptoKey | Uint8Array> {
    let key = this.#byKid.get(kid);
    if (!key) {
      key = load();
      this.#byKid.set(kid, key);
      key.catch(() => this.#byKid.delete(kid));
    }
    return key;
  }

  /** Forgets every kid not in `kids` (keys the store no longer returns). */
  keepOnly(kids: ReadonlySet<string>): void {
    for (const kid of this.#byKid.keys()) if (!kids.has(kid)) this.#byKid.delete(kid);
  }
}
