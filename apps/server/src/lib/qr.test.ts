import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrPng, qrSvg } from './qr.ts';

describe('the e-mail QR code (PNG)', () => {
  it('is a PNG whose pixels are the code’s modules, with a two-module white margin', async () => {
    for (const text of ['q', 'q_8Hk2LmN0pQrStUvWxYz0123456789abcd', 'Ñandú · x'.repeat(12)]) {
      const png = qrPng(text);
      const { modules } = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], {
        errorCorrectionLevel: 'M',
      });
      const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
      const cells = modules.size + 4;
      expect(info.width).toBe(info.height);
      expect(info.width % cells).toBe(0);
      expect(info.width).toBeGreaterThanOrEqual(400);
      const scale = info.width / cells;
      const dark = (cellY: number, cellX: number) => {
        // The centre of the cell, so the test does not depend on how edges are drawn.
        const y = Math.floor((cellY + 0.5) * scale);
        const x = Math.floor((cellX + 0.5) * scale);
        return (data[y * info.width + x] ?? 255) < 128;
      };
      const wrong: string[] = [];
      for (let y = 0; y < cells; y++) {
        for (let x = 0; x < cells; x++) {
          const inside = y >= 2 && x >= 2 && y < modules.size + 2 && x < modules.size + 2;
          if (dark(y, x) !== (inside && modules.get(y - 2, x - 2) === 1)) wrong.push(`${y},${x}`);
        }
      }
      expect(wrong, text).toEqual([]);
    }
  });
});

describe('the ticket QR code (SVG)', () => {
  it('is the qrcode package’s own SVG of the same code', async () => {
    for (const text of ['q', 'q_8Hk2LmN0pQrStUvWxYz0123456789abcd', 'Ñandú · x'.repeat(12)]) {
      const expected = await QRCode.toString([{ data: Buffer.from(text), mode: 'byte' }], {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      });
      expect(await qrSvg(text)).toBe(expected);
    }
  });
});
