import { InvalidInput } from '../kernel/errors.ts';
import { storableText } from '../kernel/well-formed-json.ts';
import type { Graph } from './graph.ts';

/** One immutable version of a blueprint's graph. */
export interface BlueprintVersion {
  /** Internal: the version's row id, its position in version lists beside `createdAt`. */
  readonly id: string;
  readonly blueprintId: string;
  readonly version: number;
  readonly graph: Graph;
  /** SHA-256 (hex) of the graph's canonical JSON (RFC 8785). */
  readonly digest: string;
  readonly note: string | null;
  /** The user who made it; null when an API key did. */
  readonly createdBy: string | null;
  readonly createdAt: Date;
}

export const MAX_VERSION_NOTE_LENGTH = 2000;

/** A version's note, checked: at most 2,000 characters of storable text; null without one. */
export function versionNote(note: string | null | undefined): string | null {
  if (note === undefined || note === null) return null;
  const text = storableText(note, 'note');
  if (text.length > MAX_VERSION_NOTE_LENGTH) {
    throw new InvalidInput(`note must be at most ${MAX_VERSION_NOTE_LENGTH} characters`);
  }
  return text;
}
