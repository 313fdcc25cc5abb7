/** A running SHA-256 of a stream's bytes. */
export interface RunningDigest {
  update(bytes: Uint8Array): void;
  /** Lower-case hex. */
  hex(): string;
}

export interface ByteDigests {
  sha256(): RunningDigest;
}
