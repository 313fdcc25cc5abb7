import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { GraphDigest } from '../../application/blueprints/ports/graph-digest.ts';

/** SHA-256 over the RFC 8785 canonical JSON (sorted keys, ECMAScript number text, no whitespace). */
export class CanonicalGraphDigest implements GraphDigest {
  digestOf(document: unknown): string {
    return createHash('sha256')
      .update(canonicalize(document) ?? '', 'utf8')
      .digest('hex');
  }
}
