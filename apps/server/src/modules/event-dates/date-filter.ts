import type { Queryable } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import type { ListParams } from '../../lib/pagination.ts';
import { eventDateMessages as m } from './event-dates.messages.ts';
import { countDatesOf } from './event-dates.repository.ts';

/** The list-filter field of a date: the orders and attendees lists and their exports take it. */
export const DATE_FILTER_FIELD = 'event_date_id';

/**
 * A list's `filter_fields[event_date_id][…]` must name dates of this event of the caller's account: an
 * unknown or foreign id is a 422 on that parameter, never an empty list (lib/pagination.ts has already
 * refused a malformed one).
 */
export async function assertDateFilter(
  q: Queryable,
  accountId: string,
  eventId: string,
  filters: ListParams['filters'],
) {
  for (const f of filters) {
    if (f.field !== DATE_FILTER_FIELD) continue;
    const ids = [...new Set(f.operator === 'in' ? f.value.split(',').map((v) => v.trim()) : [f.value])];
    if ((await countDatesOf(q, accountId, eventId, ids)) !== ids.length) {
      throw invalid({
        [`filter_fields[${DATE_FILTER_FIELD}][${f.operator}]`]: m['event_dates.unknown_date'],
      });
    }
  }
}

/** Whether `dateId` is a date of this event of the account. */
export const isEventDate = async (q: Queryable, accountId: string, eventId: string, dateId: string) =>
  (await countDatesOf(q, accountId, eventId, [dateId])) === 1;

/** `event_date_id` of a request (a report's) must be a date of this event of the caller's account: a 422 otherwise. */
export async function assertEventDate(q: Queryable, accountId: string, eventId: string, dateId: string) {
  if (!(await isEventDate(q, accountId, eventId, dateId))) {
    throw invalid({ event_date_id: m['event_dates.unknown_date'] });
  }
}

/** Whether every one of `ids` is a date of this event of the account (promo codes, capacity assignments). */
export const areEventDates = async (q: Queryable, accountId: string, eventId: string, ids: string[]) =>
  ids.length === 0 || (await countDatesOf(q, accountId, eventId, ids)) === ids.length;
