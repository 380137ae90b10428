import type { FastifyPluginAsync } from 'fastify';
import { imageRoutes, uploadFileRoutes } from '../images/images.routes.ts';
import { organizerRoutes } from '../organizers/organizers.routes.ts';
import { taxRoutes } from '../taxes-and-fees/taxes-and-fees.routes.ts';
import { eventRoutes } from './events.routes.ts';

/** The back office around an event: organizers, events, images, taxes and fees, and the upload files. */
export const eventsBackOffice: FastifyPluginAsync = async (app) => {
  await app.register(organizerRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register(imageRoutes, { prefix: '/api' });
  await app.register(taxRoutes, { prefix: '/api' });
  await app.register(uploadFileRoutes);
};
