import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { eventWidgetSettings } from '../../db/schema/index.ts';

/** The widget settings document of an event; `accountId` scopes the back office's reads and writes. */
export async function findWidgetSettings(q: Queryable, accountId: string, eventId: string) {
  const [row] = await q
    .select({ account_id: eventWidgetSettings.account_id, settings: eventWidgetSettings.settings })
    .from(eventWidgetSettings)
    .where(eq(eventWidgetSettings.event_id, eventId))
    .limit(1);
  return row?.account_id === accountId ? row.settings : undefined;
}

/** The public side: the framing policy of a widget, whichever account it belongs to. */
export async function findPublicWidgetSettings(q: Queryable, eventId: string) {
  const [row] = await q
    .select({ settings: eventWidgetSettings.settings })
    .from(eventWidgetSettings)
    .where(eq(eventWidgetSettings.event_id, eventId))
    .limit(1);
  return row?.settings;
}

export async function saveWidgetSettings(
  q: Queryable,
  accountId: string,
  eventId: string,
  settings: Record<string, unknown>,
) {
  await q
    .insert(eventWidgetSettings)
    .values({ event_id: eventId, account_id: accountId, settings })
    .onConflictDoUpdate({ target: eventWidgetSettings.event_id, set: { settings, updated_at: new Date() } });
}
