import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

const MARGIN = 2;

/**
 * The text as one byte-mode segment: what the door reads is the same, and the encoder skips its search for
 * the shortest mix of modes (a ticket's secret is 32 base62 characters: byte mode, version 3, whatever it
 * would find).
 */
const segments = (text: string): QRCode.QRCodeSegment[] => [{ data: Buffer.from(text), mode: 'byte' }];

/**
 * The code's modules (medium error correction survives print and phone screens), kept for the last few
 * texts: completing an order draws each ticket twice, the PNG of the e-mail and the SVG of the answer.
 */
const recent = new Map<string, QRCode.BitMatrix>();
const RECENT = 256;

function qrModules(text: string): QRCode.BitMatrix {
  let modules = recent.get(text);
  if (!modules) {
    modules = QRCode.create(segments(text), { errorCorrectionLevel: 'M' }).modules;
    if (recent.size >= RECENT) {
      const [oldest] = recent.keys();
      if (oldest !== undefined) recent.delete(oldest);
    }
    recent.set(text, modules);
  }
  return modules;
}

/**
 * The ticket's QR code as an SVG string: the `qrcode` package's SVG (a white square, then each run of
 * dark modules as a stroke), drawn from the modules above.
 */
export function qrSvg(text: string): Promise<string> {
  const { size, data } = qrModules(text);
  const cells = size + 2 * MARGIN;
  let path = '';
  for (let y = 0; y < size; y++) {
    let gap = 0;
    let first = true;
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) {
        gap++;
        continue;
      }
      if (x > 0 && data[y * size + x - 1]) continue;
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run++;
      path += first ? `M${x + MARGIN} ${y + MARGIN + 0.5}` : `m${gap} 0`;
      path += `h${run}`;
      first = false;
      gap = 0;
      x += run - 1;
    }
  }
  return Promise.resolve(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${cells} ${cells}" shape-rendering="crispEdges">` +
      `<path fill="#ffffff" d="M0 0h${cells}v${cells}H0z"/><path stroke="#000000" d="${path}"/></svg>\n`,
  );
}

/** About 440 px wide: shown at 220 × 220 in the e-mail, sharp on a screen of twice the density. */
const TARGET_WIDTH = 440;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * The QR code as a PNG for e-mails (mail clients show PNG inline, many do not show SVG): black and white,
 * one bit per pixel, a whole number of pixels per module. Written directly rather than through a general
 * image encoder: every row of a module is the same bytes and needs no filter, so the image costs a
 * fraction of a millisecond and about a kilobyte, where an RGBA encoder trying every row filter took
 * ~10 ms of CPU per ticket (a flash sale renders one per order).
 */
export function qrPng(text: string): Buffer {
  const modules = qrModules(text);
  const cells = modules.size + 2 * MARGIN;
  const scale = Math.max(1, Math.round(TARGET_WIDTH / cells));
  const width = cells * scale;
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte (0: none), then the pixels, 1 = white
  const raw = Buffer.alloc(rowBytes * width);
  const row = Buffer.alloc(rowBytes);
  for (let cellY = 0; cellY < cells; cellY++) {
    row.fill(0xff, 1);
    row[0] = 0;
    const y = cellY - MARGIN;
    if (y >= 0 && y < modules.size) {
      for (let x = 0; x < modules.size; x++) {
        if (!modules.get(y, x)) continue;
        const from = (x + MARGIN) * scale;
        for (let px = from; px < from + scale; px++) {
          const at = 1 + (px >> 3);
          row[at] = (row[at] ?? 0) & ~(0x80 >> (px & 7));
        }
      }
    }
    for (let i = 0; i < scale; i++) row.copy(raw, (cellY * scale + i) * rowBytes);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The QR code as a PNG (base64), for e-mail attachments. */
export function qrPngBase64(text: string): string {
  return qrPng(text).toString('base64');
}
