import type { FastifyInstance, FastifyRequest } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { ticketChangesMessages as m } from './ticket-changes.messages.ts';

const HOUR = 3600_000;
const emailOf = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | null)?.email ?? '')
    .trim()
    .toLowerCase();

/**
 * «Find my tickets» requests per address and per e-mail, counted in the shared store whether they come
 * from the API or the page's form: a link every so often, never a mail bomb.
 */
export const findTicketsLimit = (app: FastifyInstance) =>
  throttle(
    app,
    [
      { name: 'find-tickets-ip', max: 10, windowMs: HOUR, key: (r) => r.ip },
      { name: 'find-tickets-email', max: 3, windowMs: HOUR, key: emailOf },
    ],
    m['ticket_changes.find_rate_limited'],
  );
