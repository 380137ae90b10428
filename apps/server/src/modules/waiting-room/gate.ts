import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { isUuid } from '../../lib/ids.ts';
import { clock } from './clock.ts';
import { admissionProofOf } from './waiting-room.routes.ts';
import { mustQueue } from './waiting-room.service.ts';

/**
 * The event page's and the widget's hook: while the event's waiting room is on, a visitor without a
 * valid pass for this device is sent to the queue page (the address to redirect to), else null.
 */
export async function waitingRoomGate(
  deps: Pick<AppDeps, 'db' | 'config'>,
  request: FastifyRequest,
  eventId: string,
  base: '/e' | '/widget',
): Promise<string | null> {
  if (!isUuid(eventId)) return null;
  const queue = await mustQueue(deps, eventId, admissionProofOf(request, eventId), clock.now());
  return queue ? `${base}/${eventId}/queue` : null;
}
