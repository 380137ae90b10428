import type { FastifyPluginAsync } from 'fastify';
import { affiliateRoutes } from '../affiliates/affiliates.routes.ts';
import { capacityRoutes } from '../capacity/capacity.routes.ts';
import { promoCodeRoutes } from '../promo-codes/promo-codes.routes.ts';
import { publicEventRoutes } from '../public-events/public-events.routes.ts';
import { questionRoutes } from '../questions/questions.routes.ts';
import { ticketRoutes } from './tickets.routes.ts';

/** Selling setup (tickets, capacity, promo codes, questions, affiliates) and the public read model of events. */
export const sellingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ticketRoutes, { prefix: '/api' });
  await app.register(capacityRoutes, { prefix: '/api' });
  await app.register(promoCodeRoutes, { prefix: '/api' });
  await app.register(questionRoutes, { prefix: '/api' });
  await app.register(affiliateRoutes, { prefix: '/api' });
  await app.register(publicEventRoutes, { prefix: '/api' });
};
