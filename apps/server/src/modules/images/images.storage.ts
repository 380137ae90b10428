import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@taquilla/shared';
import sharp, { type Metadata } from 'sharp';
import { AppError, invalid } from '../../lib/errors.ts';
import { coreMessages } from '../../lib/messages.ts';
import { isDiskFull } from '../../lib/unavailable.ts';
import { imageMessages } from './images.messages.ts';

/**
 * Images on local disk under DATA_DIR/uploads: only resized WebP variants are kept (never the upload
 * itself), named `<accountId>/<uuid>-<width>.webp` and served at /uploads/... with long cache headers.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'];

export const IMAGE_RULES = {
  EVENT_COVER: { min: [900, 50], max: [4000, 4000], widths: [480, 960, 1440, 2160] },
  ORGANIZER_LOGO: { min: [100, 100], max: [4000, 4000], widths: [512] },
} as const;
export type ImageKind = keyof typeof IMAGE_RULES;

export interface StoredImage {
  key: string;
  width: number;
  height: number;
  variants: { width: number; path: string }[];
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Checks the bytes (not the name) and the dimensions, then writes the WebP variants. */
export async function storeImage(
  dataDir: string,
  accountId: string,
  buffer: Buffer,
  kind: ImageKind,
): Promise<StoredImage> {
  const rules = IMAGE_RULES[kind];
  let meta: Metadata;
  try {
    meta = await sharp(buffer).metadata();
  } catch {
    throw invalid({ image: imageMessages['images.invalid_type'] });
  }
  if (!meta.format || !ACCEPTED_FORMATS.includes(meta.format) || !meta.width || !meta.height) {
    throw invalid({ image: imageMessages['images.invalid_type'] });
  }
  // EXIF orientations 5–8 swap width and height once the image is turned upright.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  if (width < rules.min[0] || height < rules.min[1]) {
    throw invalid({
      image: {
        key: imageMessages['images.too_small'],
        params: { width: rules.min[0], height: rules.min[1] },
      },
    });
  }
  if (width > rules.max[0] || height > rules.max[1]) {
    throw invalid({
      image: {
        key: imageMessages['images.too_large'],
        params: { width: rules.max[0], height: rules.max[1] },
      },
    });
  }

  const widths = [
    ...new Set([...rules.widths.filter((w) => w < width), Math.min(width, rules.widths.at(-1)!)]),
  ];
  const key = `${accountId}/${randomUUID()}`;
  const dir = path.join(uploadsDir(dataDir), accountId);
  await mkdir(dir, { recursive: true });
  const variants: StoredImage['variants'] = [];
  for (const w of widths.sort((a, b) => a - b)) {
    // A file whose header reads but whose pixels do not (cut off in transfer) fails only here.
    const out = await sharp(buffer)
      .rotate()
      .resize({ width: w })
      .webp({ quality: 80 })
      .toBuffer()
      .catch(async () => {
        await removeVariants(dataDir, variants);
        throw invalid({ image: imageMessages['images.unreadable'] });
      });
    const variantPath = `${key}-${w}.webp`;
    // A failed write may leave part of its file: it goes with the others.
    variants.push({ width: w, path: variantPath });
    await writeFile(path.join(uploadsDir(dataDir), variantPath), out).catch(async (err) => {
      await removeVariants(dataDir, variants);
      throw storageError(err);
    });
  }
  return { key, width, height, variants };
}

/** A full disk is the server's condition (507, translated), not an unexpected error. */
function storageError(err: unknown) {
  return isDiskFull(err)
    ? new AppError(507, ErrorCode.INSUFFICIENT_STORAGE, coreMessages['error.upload_no_space'])
    : err;
}

export async function removeVariants(dataDir: string, variants: { path: string }[]) {
  await Promise.all(variants.map((v) => rm(path.join(uploadsDir(dataDir), v.path), { force: true })));
}

/** Copies stored variants under a new key (duplicating an event's cover). */
export async function copyVariants(
  dataDir: string,
  accountId: string,
  variants: { width: number; path: string }[],
) {
  const key = `${accountId}/${randomUUID()}`;
  await mkdir(path.join(uploadsDir(dataDir), accountId), { recursive: true });
  const copies: { width: number; path: string }[] = [];
  for (const v of variants) {
    const variantPath = `${key}-${v.width}.webp`;
    copies.push({ width: v.width, path: variantPath });
    await copyFile(path.join(uploadsDir(dataDir), v.path), path.join(uploadsDir(dataDir), variantPath)).catch(
      async (err) => {
        await removeVariants(dataDir, copies);
        throw storageError(err);
      },
    );
  }
  return { key, variants: copies };
}
