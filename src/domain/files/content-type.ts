import { OCTET_STREAM } from './stored-file.ts';

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/;

/** The sender's media type, lower-cased and without parameters; octet-stream when absent or malformed. */
export function declaredContentType(header: string | undefined): string {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return MEDIA_TYPE.test(type) ? type : OCTET_STREAM;
}

/**
 * The type a file is stored (and served) with: what its first bytes show when they show something and the
 * sender said otherwise; else the sender's. A sender cannot label an executable or an HTML page `image/png`
 * and have it served so (CONTRACT section 11).
 */
export function storedContentType(declared: string, sniffed: string | undefined): string {
  if (sniffed === undefined || sniffed === declared) return declared;
  return sniffed;
}
