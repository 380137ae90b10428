import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** The event's orders in the back office: list, detail, offline payments. */
export const routes: FeatureRoutes = {
  event: [
    {
      path: 'orders',
      handle: { section: 'orders' },
      lazy: lazyPage('orders', () =>
        import('./pages/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
      ),
    },
  ],
};
