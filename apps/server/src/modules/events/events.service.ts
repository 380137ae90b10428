import type { Locale } from '@taquilla/shared';
import type {
  CreateEventInput,
  DuplicateEventInput,
  EventDefaultsInput,
  EventsState,
  ManageEvent,
  ManageEventDetail,
  UpdateEventInput,
  UpdateEventSettingsInput,
} from '@taquilla/shared/schemas/events';
import { EVENTS_STATES, endsAfterStart, PAYMENT_METHODS_NOT_READY } from '@taquilla/shared/schemas/events';
import type { WebhookEventType } from '@taquilla/shared/schemas/webhooks';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan, can } from '../../lib/auth.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { t } from '../../lib/i18n.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { emitWebhook } from '../../lib/webhook-events.ts';
import { accountRow, setEventDefaults } from '../accounts/accounts.service.ts';
import * as audit from '../audit/audit.service.ts';
import { copyCover, coversFor, deleteEventImageRows } from '../images/images.service.ts';
import { COMPLETED_ORDERS, REFUNDED_MONEY, SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { organizerExists } from '../organizers/organizers.service.ts';
import { defaultOfflineInstructions } from '../payment-settings/payment-settings.service.ts';
import { eventMessages } from './events.messages.ts';
import * as repo from './events.repository.ts';
import { defaultProviders, resolveDefaults, resolveSettings, slugify } from './events.settings.ts';
import { inOrganizerScope } from './owned-event.ts';
import { paymentMethodsProblem } from './payment-readiness.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;
type Stats = ManageEvent['stats'];
const NO_STATS: Stats = {
  tickets_sold: 0,
  orders_count: 0,
  gross_revenue_cents: 0,
  refunded_cents: 0,
  net_revenue_cents: 0,
  revenue_cents: 0,
};

function lifecycle(row: repo.EventRow, now = Date.now()): ManageEvent['lifecycle'] {
  const end = (row.end_date ?? row.start_date).getTime();
  if (row.start_date.getTime() > now) return 'upcoming';
  return end >= now ? 'ongoing' : 'ended';
}

function present(row: repo.EventWithOrganizer, stats: Stats, cover: ManageEvent['cover']): ManageEvent {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    status: row.status,
    lifecycle: lifecycle(row),
    start_date: row.start_date.toISOString(),
    end_date: row.end_date?.toISOString() ?? null,
    timezone: row.timezone,
    currency: row.currency,
    location: row.location,
    organizer: { id: row.organizer_id, name: row.organizer_name },
    cover,
    stats,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The event of the caller's account, or 404 — for every module that works inside an event. */
export async function getEventRow(deps: Pick<AppDeps, 'db'>, auth: AuthContext, id: string) {
  assertCan(auth, 'events:read');
  const row = await repo.findEvent(deps.db, auth.accountId, id);
  if (!row || !inOrganizerScope(auth, row.organizer_id)) throw notFound();
  return row;
}

/** The list's states: ARCHIVED events are only in `archived`; the others are upcoming until they end. */
const LIST_STATES: Record<EventsState, repo.EventStateFilter> = {
  upcoming: { statuses: ['DRAFT', 'LIVE'], ends: 'future' },
  ended: { statuses: ['DRAFT', 'LIVE'], ends: 'past' },
  archived: { statuses: ['ARCHIVED'] },
};

export async function listEvents(deps: Deps, auth: AuthContext, query: Record<string, unknown>) {
  const params = parseListQuery(query, repo.eventListSpec);
  assertCan(auth, 'events:read');
  const rawState = query.eventsState ?? query.events_state;
  const stateText = Array.isArray(rawState) ? rawState.at(-1) : rawState;
  if (stateText !== undefined && !EVENTS_STATES.includes(stateText as EventsState)) {
    throw invalid({ eventsState: eventMessages['events.invalid_events_state'] });
  }
  const { rows, total } = await repo.listEvents(
    deps.db,
    auth.accountId,
    params,
    stateText === undefined ? undefined : LIST_STATES[stateText as EventsState],
    auth.organizerIds,
  );
  const ids = rows.map((r) => r.id);
  const [stats, covers] = await Promise.all([
    repo.statsFor(deps.db, auth.accountId, ids, COMPLETED_ORDERS, REFUNDED_MONEY),
    coversFor(deps.db, ids),
  ]);
  return {
    data: rows.map((r) => present(r, stats.get(r.id) ?? NO_STATS, covers.get(r.id) ?? null)),
    meta: listMeta(total, params),
  };
}

export async function getEvent(deps: Deps, auth: AuthContext, id: string): Promise<ManageEventDetail> {
  const row = await getEventRow(deps, auth, id);
  const [stats, covers, ticketsCount, ordered, placed] = await Promise.all([
    repo.statsFor(deps.db, auth.accountId, [id], COMPLETED_ORDERS, REFUNDED_MONEY),
    coversFor(deps.db, [id]),
    repo.countTickets(deps.db, id),
    repo.hasOrders(deps.db, id, SOLD_ORDERS),
    repo.hasPlacedOrHeldOrders(deps.db, id),
  ]);
  const settings = resolveSettings(row);
  const loc = row.location;
  return {
    ...present(row, stats.get(id) ?? NO_STATS, covers.get(id) ?? null),
    settings,
    tickets_count: ticketsCount,
    checklist: {
      event_details: Boolean(row.description && (loc.venue_name || loc.address_line_1 || loc.online_url)),
      tickets_created: ticketsCount > 0,
      // Every chosen method takes money (the check publishing makes), one of them real: simulated test
      // payments never set payments up.
      payment_set_up:
        !paymentMethodsProblem(deps.config, row.settings) &&
        settings.payment_providers.some((p) => p !== 'test'),
      event_published: row.status === 'LIVE',
      first_order: ordered,
    },
    actions: { delete: can(auth, 'events:manage') && !placed },
  };
}

/**
 * Deletes an event nobody has ordered from (no placed order, no running reservation), with its tickets,
 * settings and images; an event with orders is archived instead (409 says so). The event row is locked
 * first, so a reservation being written either finishes before (and is seen) or finds no event.
 */
export async function deleteEvent(deps: Deps, auth: AuthContext, id: string) {
  assertCan(auth, 'events:manage');
  const event = await getEventRow(deps, auth, id);
  const removeFiles = await deps.db.transaction(async (tx) => {
    await audit.record(tx, { action: 'event.deleted', ...audit.aboutEvent(event) });
    await repo.lockEvent(tx, auth.accountId, id);
    if (await repo.hasPlacedOrHeldOrders(tx, id)) throw conflict(eventMessages['events.delete_has_orders']);
    const removeImages = await deleteEventImageRows(deps, tx, auth.accountId, id);
    await repo.deleteEvent(tx, auth.accountId, id);
    return removeImages;
  });
  await removeFiles();
}

function cleanDescription(html: string | null | undefined): string | null | undefined {
  if (html === undefined) return undefined;
  if (html === null) return null;
  const clean = sanitizeRichText(html);
  if (clean.length > 50_000) throw invalid({ description: eventMessages['events.description_too_long'] });
  return clean.replace(/<p>\s*<\/p>/g, '').trim() ? clean : null;
}

function assertDates(start: Date, end: Date | null | undefined) {
  if (!endsAfterStart(start, end)) {
    throw invalid({ end_date: eventMessages['events.end_before_start'] });
  }
}

async function assertOrganizer(deps: Deps, auth: AuthContext, organizerId: string) {
  if (!inOrganizerScope(auth, organizerId) || !(await organizerExists(deps, auth.accountId, organizerId))) {
    throw invalid({ organizer_id: eventMessages['events.organizer_not_found'] });
  }
}

export async function createEvent(deps: Deps, auth: AuthContext, input: CreateEventInput) {
  assertCan(auth, 'events:manage');
  const start = new Date(input.start_date);
  const end = input.end_date ? new Date(input.end_date) : null;
  assertDates(start, end);
  await assertOrganizer(deps, auth, input.organizer_id);
  const description = cleanDescription(input.description) ?? null;
  const account = await accountRow(deps, auth.accountId);
  const defaults = resolveDefaults(account);
  const offline = await defaultOfflineInstructions(deps, auth.accountId);
  const row = await repo.insertEvent(deps.db, {
    account_id: auth.accountId,
    organizer_id: input.organizer_id,
    name: input.name,
    slug: slugify(input.name),
    description,
    start_date: start,
    end_date: end,
    timezone: input.timezone ?? defaults.timezone,
    currency: input.currency ?? defaults.currency,
    location: input.location ?? {},
    order_timeout_minutes: defaults.order_timeout_minutes,
    settings: {
      attendee_details_mode: defaults.attendee_details_mode,
      support_email: defaults.support_email,
      // The account's default offline instructions (payment settings) offer offline payment from the start.
      payment_providers: [
        ...new Set([...defaultProviders(deps.config), ...(offline ? (['offline'] as const) : [])]),
      ],
      ...(offline ? { offline_payment_instructions: offline } : {}),
      allow_indexing: true,
    },
  });
  return getEvent(deps, auth, row.id);
}

/** Writes a change to an event and queues its webhook messages in the same transaction. */
function changeEvent(
  deps: Deps,
  auth: AuthContext,
  id: string,
  types: WebhookEventType | WebhookEventType[],
  values: Parameters<typeof repo.updateEvent>[3],
  audited?: (row: repo.EventRow) => audit.AuditRecord | null,
) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateEvent(tx, auth.accountId, id, values);
    if (row) await emitWebhook(deps.jobs, types, { accountId: auth.accountId, eventId: id }, tx);
    const entry = row && audited?.(row);
    if (entry) await audit.record(tx, entry);
    return row;
  });
}

export async function updateEvent(deps: Deps, auth: AuthContext, id: string, input: UpdateEventInput) {
  assertCan(auth, 'events:manage');
  const current = await getEventRow(deps, auth, id);
  const start = input.start_date ? new Date(input.start_date) : current.start_date;
  const end =
    input.end_date === undefined ? current.end_date : input.end_date ? new Date(input.end_date) : null;
  assertDates(start, end);
  if (input.organizer_id && input.organizer_id !== current.organizer_id) {
    await assertOrganizer(deps, auth, input.organizer_id);
  }
  const description = cleanDescription(input.description);
  await changeEvent(deps, auth, id, 'event.updated', {
    ...(input.name !== undefined ? { name: input.name, slug: slugify(input.name) } : {}),
    ...(input.organizer_id !== undefined ? { organizer_id: input.organizer_id } : {}),
    ...(description !== undefined ? { description } : {}),
    start_date: start,
    end_date: end,
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    ...(input.currency !== undefined ? { currency: input.currency } : {}),
    ...(input.location !== undefined ? { location: input.location } : {}),
  });
  return getEvent(deps, auth, id);
}

/**
 * DRAFT ⇄ LIVE, any → ARCHIVED, ARCHIVED → DRAFT (restore). Going LIVE needs a ticket and, when a ticket
 * costs money, payment methods that can all take it.
 */
export async function setStatus(deps: Deps, auth: AuthContext, id: string, status: repo.EventRow['status']) {
  assertCan(auth, 'events:manage');
  const current = await getEventRow(deps, auth, id);
  if (status === 'LIVE' && current.status !== 'LIVE') {
    if (current.status === 'ARCHIVED') throw conflict(eventMessages['events.restore_before_publishing']);
    if ((await repo.countTickets(deps.db, id)) === 0)
      throw conflict(eventMessages['events.live_requires_ticket']);
    const problem = paymentMethodsProblem(deps.config, current.settings);
    if (problem && (await repo.hasPaidTickets(deps.db, id))) {
      throw conflict(problem, undefined, PAYMENT_METHODS_NOT_READY);
    }
  }
  if (status !== current.status) {
    const published = status === 'LIVE' && current.status === 'DRAFT';
    await changeEvent(
      deps,
      auth,
      id,
      published ? ['event.published', 'event.updated'] : 'event.updated',
      { status },
      (row) => audit.eventStatusChange(current, row),
    );
  }
  return getEvent(deps, auth, id);
}

export async function getSettings(deps: Deps, auth: AuthContext, id: string) {
  return resolveSettings(await getEventRow(deps, auth, id));
}

export async function updateSettings(
  deps: Deps,
  auth: AuthContext,
  id: string,
  input: UpdateEventSettingsInput,
) {
  assertCan(auth, 'events:manage');
  const current = await getEventRow(deps, auth, id);
  // Where buyers send their money is the payment settings' permission, not the event editor's.
  if (input.payment_providers !== undefined || input.offline_payment_instructions !== undefined) {
    assertCan(auth, 'payments:manage');
  }
  const { order_timeout_minutes, ...rest } = input;
  const resolved = resolveSettings(current);
  const merged = { ...resolved, ...rest };
  // A colour left out keeps its value; null puts the default back.
  if (rest.colors) {
    const given = Object.entries(rest.colors).filter(([, value]) => value !== undefined);
    merged.colors = { ...resolved.colors, ...Object.fromEntries(given) };
  }
  if (merged.payment_providers.includes('offline') && !merged.offline_payment_instructions) {
    throw invalid({ offline_payment_instructions: eventMessages['events.offline_instructions_required'] });
  }
  // Saving the payment methods: each must be able to take money (not only once the event is live).
  if (rest.payment_providers) {
    const problem = paymentMethodsProblem(deps.config, merged);
    if (problem) throw invalid({ payment_providers: problem });
  }
  // Only what was sent is written: a setting never saved keeps meaning "not chosen" (an event without
  // payment methods of its own offers every one that works), instead of the defaults shown for it.
  const written: Record<string, unknown> = { ...rest, ...(rest.colors ? { colors: merged.colors } : {}) };
  if (rest.post_checkout_message)
    written.post_checkout_message = sanitizeRichText(rest.post_checkout_message);
  if (rest.offline_payment_instructions) {
    written.offline_payment_instructions = sanitizeRichText(rest.offline_payment_instructions);
  }
  const row = await changeEvent(
    deps,
    auth,
    id,
    'event.updated',
    {
      settings: { ...current.settings, ...written },
      ...(order_timeout_minutes !== undefined ? { order_timeout_minutes } : {}),
    },
    (after) => audit.eventPaymentChange(current, resolved, resolveSettings(after)),
  );
  if (!row) throw notFound();
  return resolveSettings(row);
}

export async function duplicateEvent(
  deps: Deps,
  auth: AuthContext,
  locale: Locale,
  id: string,
  input: DuplicateEventInput,
) {
  assertCan(auth, 'events:manage');
  const source = await getEventRow(deps, auth, id);
  const copy = input.copy ?? {};
  const start = input.start_date ? new Date(input.start_date) : source.start_date;
  const end =
    input.end_date === undefined
      ? input.start_date && source.end_date
        ? new Date(start.getTime() + (source.end_date.getTime() - source.start_date.getTime()))
        : source.end_date
      : input.end_date
        ? new Date(input.end_date)
        : null;
  assertDates(start, end);
  const name = input.name ?? `${source.name} ${t(locale, eventMessages['events.copy_suffix'])}`.slice(0, 149);
  const account = await accountRow(deps, auth.accountId);
  const defaults = resolveDefaults(account);
  const cover = copy.cover_image ? await copyCover(deps, source.id) : null;

  const newId = await deps.db.transaction(async (tx) => {
    const row = await repo.insertEvent(tx, {
      account_id: auth.accountId,
      organizer_id: source.organizer_id,
      name,
      slug: slugify(name),
      description: source.description,
      start_date: start,
      end_date: end,
      timezone: source.timezone,
      currency: source.currency,
      location: source.location,
      status: 'DRAFT',
      order_timeout_minutes: copy.settings ? source.order_timeout_minutes : defaults.order_timeout_minutes,
      settings: copy.settings
        ? source.settings
        : {
            attendee_details_mode: defaults.attendee_details_mode,
            support_email: defaults.support_email,
            payment_providers: defaultProviders(deps.config),
            allow_indexing: true,
          },
    });
    const ticketMap = copy.tickets
      ? await repo.copyTickets(tx, source.id, row.id)
      : new Map<string, string>();
    if (copy.questions) await repo.copyQuestions(tx, source.id, row.id, ticketMap);
    if (copy.promo_codes) await repo.copyPromoCodes(tx, source.id, row.id, ticketMap);
    if (copy.capacity_assignments) await repo.copyCapacityAssignments(tx, source.id, row.id, ticketMap);
    if (copy.check_in_lists) await repo.copyCheckInLists(tx, source.id, row.id, ticketMap);
    if (cover) await cover.insert(tx, row.id);
    return row.id;
  });
  return getEvent(deps, auth, newId);
}

export async function getEventDefaults(deps: Deps, auth: AuthContext) {
  assertCan(auth, 'events:read');
  return resolveDefaults(await accountRow(deps, auth.accountId));
}

export async function updateEventDefaults(deps: Deps, auth: AuthContext, input: EventDefaultsInput) {
  assertCan(auth, 'account:manage');
  const account = await accountRow(deps, auth.accountId);
  const next: Record<string, unknown> = { ...account.event_defaults };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  await setEventDefaults(deps, auth.accountId, next);
  return resolveDefaults({ ...account, event_defaults: next });
}
