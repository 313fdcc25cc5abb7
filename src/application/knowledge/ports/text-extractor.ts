/**
 * The text of a document's bytes by its media type: `text/plain`, `text/markdown`, `text/html`,
 * `application/json`, `application/pdf`. Throws `UnreadableDocument` (saying why) for another type or bytes
 * that are not what the type says.
 */
export interface TextExtractor {
  extract(contentType: string, bytes: Uint8Array): Promise<string>;
}
