import { fileTypeFromBuffer } from 'file-type';
import type { ContentSniffer } from '../../application/files/ports/content-sniffer.ts';

/** The `file-type` package: magic numbers of a few hundred binary formats (text formats show nothing). */
export const fileTypeContentSniffer: ContentSniffer = {
  sniff: async (head) => (head.length === 0 ? undefined : (await fileTypeFromBuffer(head))?.mime),
};
