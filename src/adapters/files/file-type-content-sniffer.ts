import type { ContentSniffer } from '../../application/files/ports/content-sniffer.ts';

/**
 * The `file-type` package: magic numbers of a few hundred binary formats (text formats show nothing). Imported
 * on the first upload that has bytes to look at: its 36 modules are not in an idle server's memory.
 */
export const fileTypeContentSniffer: ContentSniffer = {
  sniff: async (head) => {
    if (head.length === 0) return undefined;
    const { fileTypeFromBuffer } = await import('file-type');
    return (await fileTypeFromBuffer(head))?.mime;
  },
};
