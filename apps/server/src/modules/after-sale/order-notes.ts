import type { OrderNotesInput } from '@taquilla/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { defineMessages } from '../../lib/i18n.ts';
import { logActivity } from '../orders/activity.ts';
import { lockEventOrder, presentDetail, writeOrganizerNotes } from '../orders/orders.service.ts';

// The message the shared notes schema names as its error.
defineMessages({
  'orders.notes_too_long': 'Las notas no pueden superar los 5000 caracteres.',
});

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

/**
 * PUT .../orders/{orderId}/notes: the organizer's internal notes, in any state of the order. Each change is
 * a line of the activity log with the new text, so earlier versions stay readable there. Notes are the
 * organizer's only: no webhook, no e-mail, nothing on the buyer's pages.
 */
export async function writeOrderNotes(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  orderId: string,
  input: OrderNotesInput,
) {
  assertCan(auth, 'orders:manage');
  const notes = input.notes.trim();
  const order = await deps.db.transaction(async (tx) => {
    const order = await lockEventOrder(tx, auth.accountId, eventId, orderId);
    if (order.organizer_notes === notes) return order;
    const updated = await writeOrganizerNotes(tx, order, notes);
    await logActivity(tx, order, 'NOTES_EDITED', { userId: auth.userId, details: { notes } });
    return updated ?? order;
  });
  return presentDetail(deps, auth, order);
}
