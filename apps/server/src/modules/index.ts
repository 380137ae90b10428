import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { affiliateRoutes } from './affiliates/affiliates.routes.ts';
import { afterSaleRoutes } from './after-sale/after-sale.routes.ts';
import { apiKeysRoutes } from './api-keys/api-keys.routes.ts';
import { attendeesRoutes } from './attendees/attendees.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { capacityRoutes } from './capacity/capacity.routes.ts';
import { checkInPages } from './check-in/check-in.pages.ts';
import { checkInRoutes } from './check-in/check-in.routes.ts';
import { checkoutRoutes } from './checkout/checkout.routes.ts';
import { eventRoutes } from './events/events.routes.ts';
import { imageRoutes, uploadFileRoutes } from './images/images.routes.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { orderEmailsRoutes } from './orders/emails.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { organizerRoutes } from './organizers/organizers.routes.ts';
import { paymentSettingsRoutes } from './payment-settings/payment-settings.routes.ts';
import { paymentWebhooksRoutes } from './payment-webhooks/payment-webhooks.routes.ts';
import { promoCodeRoutes } from './promo-codes/promo-codes.routes.ts';
import { publicEventRoutes } from './public-events/public-events.routes.ts';
import { publicPagesRoutes } from './public-pages/public-pages.routes.ts';
import { questionRoutes } from './questions/questions.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { taxRoutes } from './taxes-and-fees/taxes-and-fees.routes.ts';
import { ticketRoutes } from './tickets/tickets.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { waitlistRoutes } from './waitlist/waitlist.routes.ts';
import { webhooksRoutes } from './webhooks/webhooks.routes.ts';
import { widgetRoutes } from './widget/widget.routes.ts';

/** Every feature module's route plugin, registered once. Add a line per plugin. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  const api = { prefix: '/api' };
  await app.register(authRoutes, api);
  await app.register(usersRoutes, api);
  await app.register(accountsRoutes, api);
  await app.register(organizerRoutes, api);
  await app.register(eventRoutes, api);
  await app.register(imageRoutes, api);
  await app.register(taxRoutes, api);
  await app.register(ticketRoutes, api);
  await app.register(capacityRoutes, api);
  await app.register(promoCodeRoutes, api);
  await app.register(questionRoutes, api);
  await app.register(affiliateRoutes, api);
  await app.register(publicEventRoutes, api);
  await app.register(checkoutRoutes, api);
  await app.register(paymentWebhooksRoutes, api);
  await app.register(paymentSettingsRoutes, api);
  await app.register(checkInRoutes, api);
  await app.register(attendeesRoutes, api);
  await app.register(ordersRoutes, api);
  await app.register(orderEmailsRoutes, api);
  await app.register(afterSaleRoutes, api);
  await app.register(invoicesRoutes, api);
  await app.register(messagesRoutes, api);
  await app.register(waitlistRoutes, api);
  await app.register(webhooksRoutes, api);
  await app.register(reportsRoutes, api);
  await app.register(apiKeysRoutes, api);
  // Outside /api: the upload files, the server-rendered event pages and the door page.
  await app.register(uploadFileRoutes);
  await app.register(publicPagesRoutes);
  await app.register(checkInPages);
  // The widget's settings API (under /api) and its framed pages.
  await app.register(widgetRoutes);
}
