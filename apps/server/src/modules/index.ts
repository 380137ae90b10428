import type { App } from '../app.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { attendeesRoutes } from './attendees/attendees.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { checkInRoutes } from './check-in/check-in.routes.ts';
import { checkoutRoutes } from './checkout/checkout.routes.ts';
import { eventsBackOffice } from './events/index.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { paymentSettingsRoutes } from './payment-settings/payment-settings.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { publicPagesRoutes } from './public-pages/public-pages.routes.ts';
import { sellingRoutes } from './tickets/selling.ts';
import { usersRoutes } from './users/users.routes.ts';
import { widgetRoutes } from './widget/widget.routes.ts';

/** Every feature module's routes, registered once. Add a line per module. */
export async function registerModules(app: App): Promise<void> {
  await app.register(eventsBackOffice);
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(checkoutRoutes, { prefix: '/api' });
  await app.register(checkInRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(paymentSettingsRoutes, { prefix: '/api' });
  await app.register(attendeesRoutes, { prefix: '/api' });
  await app.register(ordersRoutes, { prefix: '/api' });
  await app.register(sellingRoutes);
  await app.register(publicPagesRoutes);
  await app.register(widgetRoutes);
}
