import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { isUuid } from '../../lib/ids.ts';
import { clock } from './clock.ts';
import { admissionProofOf } from './waiting-room.routes.ts';
import { mustQueue } from './waiting-room.service.ts';

/**
 * The event page's and the widget's hook: while the event's waiting room is on, a visitor without a
 * valid pass for this device (and this date's room, on a date with one) is sent to the queue page (the address to redirect to), else null.
 */
export async function waitingRoomGate(
  deps: Pick<AppDeps, 'db' | 'config'>,
  request: FastifyRequest,
  eventId: string,
  base: '/e' | '/widget',
): Promise<string | null> {
  if (!isUuid(eventId)) return null;
  // `?date=`: the date's room when it has one on (#27), else the event's.
  const date = (request.query as { date?: unknown } | undefined)?.date;
  const dateId = typeof date === 'string' && isUuid(date) ? date : null;
  const room = await mustQueue(deps, eventId, admissionProofOf(request), clock.now(), dateId);
  if (!room) return null;
  return `${base}/${eventId}/queue${room.event_date_id ? `?date=${room.event_date_id}` : ''}`;
}
