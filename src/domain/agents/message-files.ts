import { InvalidInput } from '../kernel/errors.ts';

/** At most this many files per message. */
export const MAX_MESSAGE_FILES = 10;
/** Of a text file, at most this many bytes go to the model; the rest is cut (and said so). */
export const MAX_ATTACHED_TEXT_BYTES = 64 * 1024;

/** What the model is told of one file a message refers to. */
export type AttachedFile =
  | {
      readonly type: 'text';
      readonly id: string;
      readonly name: string;
      readonly contentType: string;
      readonly size: number;
      readonly text: string;
    }
  | {
      readonly type: 'binary';
      readonly id: string;
      readonly name: string;
      readonly contentType: string;
      readonly size: number;
    }
  | { readonly type: 'deleted'; readonly id: string };

/** A message's `file_ids`, checked: at most MAX_MESSAGE_FILES, each once. */
export function parseFileIds(fileIds: readonly string[] | undefined): string[] {
  const ids = [...(fileIds ?? [])];
  if (ids.length > MAX_MESSAGE_FILES)
    throw new InvalidInput(`file_ids holds at most ${MAX_MESSAGE_FILES} files`);
  if (new Set(ids).size !== ids.length) throw new InvalidInput('file_ids names a file twice');
  return ids;
}

const TEXT_TYPES = new Set([
  'application/json',
  'application/x-ndjson',
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/javascript',
  'application/sql',
  'application/csv',
]);

/** Whether a file of this content type is sent to the model as text (its other files by name only). */
export function isTextContentType(contentType: string): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type.startsWith('text/') || TEXT_TYPES.has(type) || type.endsWith('+json') || type.endsWith('+xml');
}

/**
 * A user message as the model receives it: its text, then each file it refers to as a `<file>` block (a text
 * file's content, up to MAX_ATTACHED_TEXT_BYTES; another file's name, type and size only; a file deleted since
 * the message was sent, that it was deleted).
 */
export function withAttachedFiles(content: string, files: readonly AttachedFile[]): string {
  if (files.length === 0) return content;
  return [content, ...files.map(fileBlock)].join('\n\n');
}

function fileBlock(file: AttachedFile): string {
  if (file.type === 'deleted') {
    return `<file id="${file.id}" deleted="true">This file was deleted; its content is no longer available.</file>`;
  }
  const head = `<file id="${file.id}" name=${JSON.stringify(file.name)} content_type=${JSON.stringify(file.contentType)} size="${file.size}"`;
  if (file.type === 'binary') return `${head}>This file is not text: its content is not sent.</file>`;
  const cut =
    file.size > MAX_ATTACHED_TEXT_BYTES
      ? `\n[cut: the first ${MAX_ATTACHED_TEXT_BYTES} of ${file.size} bytes]`
      : '';
  return `${head}>\n${file.text}${cut}\n</file>`;
}
