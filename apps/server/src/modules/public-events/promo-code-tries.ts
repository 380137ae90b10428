import type { FastifyInstance, FastifyRequest } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { publicEventMessages as m } from './public-events.messages.ts';

const TEN_MINUTES = 10 * 60_000;

const eventOf = (request: FastifyRequest) => {
  const params = request.params as { id?: string; eventId?: string };
  return params.id ?? params.eventId ?? '';
};

/**
 * A promo code unlocks hidden tickets and discounts, so trying codes is limited per address like a
 * password: every look-up that carries a code (the check, the event's data, the event page) counts per
 * address and event in the shared rate-limit store (every process and host counts together). A buyer
 * with a code uses a handful; guessing needs thousands.
 */
export function promoCodeTries(app: FastifyInstance) {
  return throttle(
    app,
    [{ name: 'promo-code', max: 30, windowMs: TEN_MINUTES, key: (req) => `${req.ip}:${eventOf(req)}` }],
    m['public_events.promo_code_rate_limited'],
  );
}
