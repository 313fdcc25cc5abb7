/** Fingerprints of JSON documents. */
export interface GraphDigest {
  /** SHA-256 (lowercase hex) of the canonical JSON (RFC 8785) of `document`. */
  digestOf(document: unknown): string;
}
