import { createHash } from 'node:crypto';

/** What the stores keep of a used feedback link: its SHA-256, never the token. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
