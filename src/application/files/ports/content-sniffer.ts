/** How many first bytes a sniffer is given. */
export const SNIFF_BYTES = 4100;

export interface ContentSniffer {
  /** The media type the first bytes of a file show (its magic numbers), or undefined when they show none. */
  sniff(head: Uint8Array): Promise<string | undefined>;
}
