import QRCode from 'qrcode';
import type { QrCodes } from '../../application/identity/ports/qr-codes.ts';

/** QR codes as SVG through the `qrcode` package: paths only, no script or external reference. */
export class QrcodeSvgQrCodes implements QrCodes {
  svg(text: string): Promise<string> {
    return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  }
}
