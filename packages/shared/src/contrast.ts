/**
 * WCAG 2.1 contrast of the organizer's page colours. Text needs 4.5:1 (AA); the page adjusts a colour
 * that falls short rather than showing unreadable text, and the designer says so before saving.
 */
/** A colour as the organizer's settings take it: "#rrggbb". */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two colours (1 to 21); 1 when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const MIN_TEXT_CONTRAST = 4.5;

/**
 * `color` darkened (towards black) or lightened (towards white) just enough to reach `min` against
 * `against`; unchanged when it already does.
 */
export function readableColor(color: string, against: string, min = MIN_TEXT_CONTRAST): string {
  const rgb = parseHex(color);
  const bg = parseHex(against);
  if (!rgb || !bg) return color;
  if (contrastRatio(color, against) >= min) return toHex(rgb);
  const target: Rgb = luminance(bg) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 20; step++) {
    const mixed = rgb.map((c, i) => c + ((target[i] ?? 0) - c) * (step / 20)) as Rgb;
    if (contrastRatio(toHex(mixed), against) >= min) return toHex(mixed);
  }
  return toHex(target);
}
