/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  readonly op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  readonly path: string;
  readonly from?: string;
  readonly value?: unknown;
}

/** Differences between JSON documents. */
export interface JsonDiff {
  /** The RFC 6902 JSON Patch that turns `from` into `to` (empty when they are equal). */
  patch(from: unknown, to: unknown): JsonPatchOperation[];
}
