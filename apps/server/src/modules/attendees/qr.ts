import QRCode from 'qrcode';

/** The ticket's QR code as an SVG string; medium error correction survives print and phone screens. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The QR code as a PNG (base64), for e-mails: mail clients show PNG inline, many do not show SVG. */
export async function qrPngBase64(text: string): Promise<string> {
  const png = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 440 });
  return png.toString('base64');
}
