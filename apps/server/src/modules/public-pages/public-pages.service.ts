import type { PublicEvent } from '@taquilla/shared';
import type { DbDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { getPublicEvent } from '../public-events/public-events.service.ts';

/** The public event as buyers see it (the public-events read model), or null when it is not public. */
export async function loadPublicEvent(
  { db }: DbDeps,
  id: string,
  promoCode?: string,
): Promise<PublicEvent | null> {
  try {
    return await getPublicEvent(db, id, promoCode);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}
