import { createPatch } from 'rfc6902';
import type { JsonDiff, JsonPatchOperation } from '../../application/blueprints/ports/json-diff.ts';

/** RFC 6902 patches by the `rfc6902` package (arrays diffed element by element, not replaced whole). */
export class Rfc6902JsonDiff implements JsonDiff {
  patch(from: unknown, to: unknown): JsonPatchOperation[] {
    return createPatch(from, to) as JsonPatchOperation[];
  }
}
