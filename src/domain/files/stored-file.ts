import { InvalidInput } from '../kernel/errors.ts';
import { storableText } from '../kernel/well-formed-json.ts';

export const MAX_FILE_NAME_LENGTH = 255;
/** What a sender's `Content-Type` falls back to when it gives none, or none that parses. */
export const OCTET_STREAM = 'application/octet-stream';

export interface StoredFileProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  /** Lower-case hex SHA-256 of the bytes: the download's ETag. */
  readonly sha256: string;
  /** The user who uploaded it; null for an API key or a user since removed. */
  readonly createdBy: string | null;
  readonly createdAt: Date;
}

/** A file of a workspace: its metadata. Its bytes live in the FileStorage under the file's id. */
export class StoredFile {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
  readonly createdBy: string | null;
  readonly createdAt: Date;

  constructor(props: StoredFileProps) {
    this.id = props.id;
    this.workspaceId = props.workspaceId;
    this.name = props.name;
    this.contentType = props.contentType;
    this.size = props.size;
    this.sha256 = props.sha256;
    this.createdBy = props.createdBy;
    this.createdAt = props.createdAt;
  }
}

/**
 * A file name as stored: 1 to 255 characters, no control characters, no path (a sender's `C:\x\a.pdf` or
 * `../a.pdf` keeps `a.pdf`, what browsers send and save anyway).
 */
export function fileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop()?.trim() ?? '';
  if (base === '' || base === '.' || base === '..') throw new InvalidInput('the file needs a name');
  if (base.length > MAX_FILE_NAME_LENGTH) {
    throw new InvalidInput(`a file name has at most ${MAX_FILE_NAME_LENGTH} characters`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(base)) throw new InvalidInput('a file name has no control characters');
  return storableText(base, 'name');
}
