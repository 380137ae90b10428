import type { EventImage } from '@taquilla/shared/schemas/events';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { uploadUrl } from '../../lib/upload-url.ts';
import { getOrganizer, presentOrganizer, setOrganizerLogo } from '../organizers/organizers.service.ts';
import { imageMessages } from './images.messages.ts';
import * as repo from './images.repository.ts';
import { copyVariants, type ImageKind, removeVariants, storeImage } from './images.storage.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export function presentImage(row: repo.ImageRow): EventImage {
  const largest = row.variants.at(-1);
  return {
    id: row.id,
    type: row.type,
    url: largest ? uploadUrl(largest.path) : '',
    width: row.width,
    height: row.height,
    size_bytes: row.size_bytes,
    srcset: row.variants.map((v) => ({ width: v.width, url: uploadUrl(v.path) })),
    created_at: row.created_at.toISOString(),
  };
}

/** The newest cover of each event, for lists and details. */
export async function coversFor(q: Queryable, eventIds: string[]) {
  const covers = new Map<string, EventImage>();
  for (const row of await repo.coverRows(q, eventIds)) {
    if (!covers.has(row.event_id)) covers.set(row.event_id, presentImage(row));
  }
  return covers;
}

/**
 * The caller's event or 404. Images check it themselves rather than through events' `loadOwnedEvent`:
 * events presents covers (it imports images), so images may not import events.
 */
async function assertEvent(deps: Deps, accountId: string, eventId: string) {
  if (!(await repo.accountHasEvent(deps.db, accountId, eventId))) throw notFound();
}

export async function listEventImages(deps: Deps, auth: AuthContext, eventId: string) {
  assertCan(auth, 'events:read');
  await assertEvent(deps, auth.accountId, eventId);
  return (await repo.listImages(deps.db, auth.accountId, eventId)).map(presentImage);
}

function imageKind(type: string | undefined): ImageKind {
  if (type === 'EVENT_COVER' || type === undefined || type === '') return 'EVENT_COVER';
  throw invalid({
    type: { key: imageMessages['images.invalid_image_type'], params: { options: 'EVENT_COVER' } },
  });
}

/** Stores an uploaded event image; a new cover replaces the previous one. */
export async function uploadEventImage(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  upload: { buffer: Buffer | undefined; type: string | undefined },
) {
  assertCan(auth, 'events:manage');
  await assertEvent(deps, auth.accountId, eventId);
  const kind = imageKind(upload.type);
  const buffer = upload.buffer;
  if (!buffer?.length) throw invalid({ image: imageMessages['images.file_required'] });
  const stored = await storeImage(deps.config.dataDir, auth.accountId, buffer, kind);
  const saved = deps.db.transaction(async (tx) => {
    const previous = (await repo.listImages(tx, auth.accountId, eventId)).filter((i) => i.type === kind);
    const replaced = await repo.deleteImages(
      tx,
      auth.accountId,
      previous.map((p) => p.id),
    );
    const row = await repo.insertImage(tx, {
      account_id: auth.accountId,
      event_id: eventId,
      type: kind,
      storage_key: stored.key,
      mime_type: 'image/webp',
      width: stored.width,
      height: stored.height,
      size_bytes: buffer.length,
      variants: stored.variants,
    });
    return { row, replaced };
  });
  // Files without their row (the database could not write) would never be removed.
  const { row, replaced } = await saved.catch(async (err) => {
    await removeVariants(deps.config.dataDir, stored.variants);
    throw err;
  });
  for (const old of replaced) await removeVariants(deps.config.dataDir, old.variants);
  return presentImage(row);
}

export async function deleteEventImage(deps: Deps, auth: AuthContext, eventId: string, imageId: string) {
  assertCan(auth, 'events:manage');
  await assertEvent(deps, auth.accountId, eventId);
  const images = await repo.listImages(deps.db, auth.accountId, eventId);
  if (!images.some((i) => i.id === imageId)) throw notFound();
  const [removed] = await repo.deleteImages(deps.db, auth.accountId, [imageId]);
  if (removed) await removeVariants(deps.config.dataDir, removed.variants);
}

/**
 * Deletes an event's image rows (inside the caller's transaction) and answers how to remove their files,
 * to be called once that transaction has committed.
 */
export async function deleteEventImageRows(deps: Deps, tx: Queryable, accountId: string, eventId: string) {
  const images = await repo.listImages(tx, accountId, eventId);
  const removed = await repo.deleteImages(
    tx,
    accountId,
    images.map((i) => i.id),
  );
  return () => Promise.all(removed.map((r) => removeVariants(deps.config.dataDir, r.variants)));
}

/** Copies an event's cover files now; the returned `insert` adds the row inside the duplicate's transaction. */
export async function copyCover(deps: Deps, eventId: string) {
  const [cover] = await repo.coverRows(deps.db, [eventId]);
  if (!cover) return null;
  const copied = await copyVariants(deps.config.dataDir, cover.account_id, cover.variants);
  return {
    insert: (tx: Queryable, newEventId: string) =>
      repo.insertImage(tx, {
        ...cover,
        id: undefined,
        created_at: undefined,
        event_id: newEventId,
        storage_key: copied.key,
        variants: copied.variants,
      }),
  };
}

export async function uploadOrganizerLogo(
  deps: Deps,
  auth: AuthContext,
  organizerId: string,
  buffer: Buffer | undefined,
) {
  assertCan(auth, 'events:manage');
  // Another account's organizer is not found before any image work is done.
  await getOrganizer(deps, auth, organizerId);
  if (!buffer?.length) throw invalid({ image: imageMessages['images.file_required'] });
  const stored = await storeImage(deps.config.dataDir, auth.accountId, buffer, 'ORGANIZER_LOGO');
  const logo = stored.variants.at(-1)!.path;
  const { previous, organizer } = await setOrganizerLogo(deps, auth, organizerId, logo).catch(async (err) => {
    await removeVariants(deps.config.dataDir, stored.variants);
    throw err;
  });
  await removeLogo(deps, previous);
  return presentOrganizer(organizer);
}

export async function deleteOrganizerLogo(deps: Deps, auth: AuthContext, organizerId: string) {
  const { previous, organizer } = await setOrganizerLogo(deps, auth, organizerId, null);
  await removeLogo(deps, previous);
  return presentOrganizer(organizer);
}

async function removeLogo(deps: Deps, logoPath: string | null) {
  if (logoPath) await removeVariants(deps.config.dataDir, [{ path: logoPath }]);
}
