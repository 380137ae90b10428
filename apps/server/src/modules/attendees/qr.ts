import QRCode from 'qrcode';

/** The ticket's QR code as an SVG string; medium error correction survives print and phone screens. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
