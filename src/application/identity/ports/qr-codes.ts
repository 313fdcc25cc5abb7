/** QR codes drawn as images, for a phone camera to read from the screen. */
export interface QrCodes {
  /** A self-contained SVG document (no script, no external reference) of `text` as a QR code. */
  svg(text: string): Promise<string>;
}
