import type { QrCodes } from '../../application/identity/ports/qr-codes.ts';

/**
 * QR codes as SVG through the `qrcode` package: paths only, no script or external reference. Loaded on first
 * use: only an enrolment needs it, and the server and CLI start without its parse time.
 */
export class QrcodeSvgQrCodes implements QrCodes {
  async svg(text: string): Promise<string> {
    const { default: QRCode } = await import('qrcode');
    return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  }
}
