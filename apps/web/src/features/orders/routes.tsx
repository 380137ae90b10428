import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage, loadFeatureCatalog } from '../../lib/i18n.ts';

const ordersPage = lazyPage('orders', () =>
  import('./pages/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
);

/** The event's orders in the back office: list, detail, offline payments. */
export const routes: FeatureRoutes = {
  event: [
    {
      path: 'orders',
      handle: { section: 'orders' },
      // The order's edit form asks its questions with checkout's QuestionField, whose words are in the
      // checkout's catalog.
      lazy: async () => (await Promise.all([ordersPage(), loadFeatureCatalog('checkout')]))[0],
    },
  ],
};
