import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import { createEvent, createOrganizer } from '../../test/factories/events.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
let other: Awaited<ReturnType<typeof createAccountWithUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccountWithUser(t.app);
  other = await createAccountWithUser(t.app);
});
afterAll(() => t.close());

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    [format]()
    .toBuffer();

/** A multipart body built by the platform's own FormData encoder. */
async function multipart(file: Buffer | null, filename: string, type?: string) {
  const form = new FormData();
  if (type !== undefined) form.append('type', type);
  if (file) form.append('image', new Blob([new Uint8Array(file)]), filename);
  const req = new Request('http://x', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function upload(
  eventId: string,
  headers: Record<string, string>,
  file: Buffer | null,
  filename = 'cover.png',
  type = 'EVENT_COVER',
) {
  const { body, contentType } = await multipart(file, filename, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/images`,
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });
}

const listImages = async (eventId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/images`, headers: owner.headers })).json()
    .data;

describe('event images', () => {
  it('accepts JPEG, PNG and WebP at the boundary sizes and makes WebP variants', async () => {
    const event = await createEvent(t.app, owner.headers);
    for (const [w, h, format] of [
      [900, 50, 'png'],
      [4000, 4000, 'jpeg'],
      [2160, 1080, 'webp'],
    ] as const) {
      const res = await upload(event.id, owner.headers, await image(w, h, format), `c.${format}`);
      expect(res.statusCode, `${w}x${h}`).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ type: 'EVENT_COVER', width: w, height: h });
      expect(data.srcset.length).toBeGreaterThan(0);
      expect(data.srcset.at(-1).width).toBe(Math.min(w, 2160));
    }
    // Each new cover replaces the previous one.
    const images = await listImages(event.id);
    expect(images).toHaveLength(1);
    const cover = images[0];
    expect(cover.srcset.map((s: { width: number }) => s.width)).toEqual([480, 960, 1440, 2160]);

    const file = await t.app.inject({ method: 'GET', url: cover.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2160, height: 1080 });

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: owner.headers })
    ).json().data;
    expect(detail.cover.id).toBe(cover.id);
    const uploads = path.join(t.config.dataDir, 'uploads', owner.account.id);
    expect(readdirSync(uploads)).toHaveLength(4);
  });

  it('rejects wrong sizes, non-images and too-large files, storing nothing', async () => {
    const event = await createEvent(t.app, owner.headers);
    const cases: [Buffer | null, string, number, RegExp][] = [
      [await image(899, 600), 'small.png', 422, /al menos 900 × 50/],
      [await image(1200, 49), 'thin.png', 422, /al menos 900 × 50/],
      [await image(4001, 1000), 'wide.png', 422, /como máximo 4000 × 4000/],
      [Buffer.from('%PDF-1.4 not an image at all'), 'falso.png', 422, /JPEG, PNG o WebP/],
      [
        await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
        'a.png',
        422,
        /JPEG, PNG o WebP/,
      ],
      [null, '', 422, /Elige una imagen/],
      // The header (and so the size) reads, the pixels do not: cut off in transfer.
      [(await image(1600, 900)).subarray(0, 200), 'cut.png', 422, /dañada o incompleta/],
    ];
    for (const [file, name, status, message] of cases) {
      const res = await upload(event.id, owner.headers, file, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().error.fields.image, name).toMatch(message);
    }
    const badType = await upload(event.id, owner.headers, await image(1000, 500), 'x.png', 'BANNER');
    expect(badType.statusCode).toBe(422);
    expect(badType.json().error.fields.type).toMatch(/EVENT_COVER/);

    // Random noise does not compress: a PNG well over 5 MB.
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const tooBig = await upload(event.id, owner.headers, big, 'big.png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('PAYLOAD_TOO_LARGE');

    expect(await listImages(event.id)).toEqual([]);
  });

  it('deletes an image and its files', async () => {
    const event = await createEvent(t.app, owner.headers);
    const cover = (await upload(event.id, owner.headers, await image(1000, 500))).json().data;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}/images/${cover.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(await listImages(event.id)).toEqual([]);
    const file = path.join(t.config.dataDir, cover.url.replace('/uploads/', 'uploads/'));
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: cover.url })).statusCode).toBe(404);
  });

  it("answers 404 for another account's event or image", async () => {
    const event = await createEvent(t.app, owner.headers);
    const cover = (await upload(event.id, owner.headers, await image(1000, 500))).json().data;
    expect((await upload(event.id, other.headers, await image(1000, 500))).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/images`,
      headers: other.headers,
    });
    expect(list.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}/images/${cover.id}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
    const otherEvent = await createEvent(t.app, other.headers);
    const cross = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${otherEvent.id}/images/${cover.id}`,
      headers: other.headers,
    });
    expect(cross.statusCode).toBe(404);
    expect(await listImages(event.id)).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/..%2F..%2F..%2Fetc/passwd' })).statusCode,
    ).toBe(404);
  });
});

describe('organizer logo', () => {
  it('uploads, replaces and removes a logo; 404 for another account', async () => {
    const org = await createOrganizer(t.app, owner.headers);
    const send = async (orgId: string, headers: Record<string, string>, file: Buffer) => {
      const { body, contentType } = await multipart(file, 'logo.png');
      return t.app.inject({
        method: 'POST',
        url: `/api/organizers/${orgId}/logo`,
        headers: { ...headers, 'content-type': contentType },
        payload: body,
      });
    };
    const res = await send(org.id, owner.headers, await image(300, 300));
    expect(res.statusCode).toBe(200);
    const logoUrl = res.json().data.logo_url;
    expect(logoUrl).toMatch(/^\/uploads\/.+-300\.webp$/);
    expect((await send(org.id, other.headers, await image(300, 300))).statusCode).toBe(404);
    expect((await send(org.id, owner.headers, await image(50, 50))).statusCode).toBe(422);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/organizers/${org.id}/logo`,
      headers: owner.headers,
    });
    expect(removed.json().data.logo_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
  });
});
