import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** The account's payment settings (/account/payment, admins only): Stripe Connect and offline payments. */
export const routes: FeatureRoutes = {
  account: [
    {
      path: 'payment',
      lazy: lazyPage('payments', () =>
        import('./pages/payment-settings-page.tsx').then((m) => ({ Component: m.PaymentSettingsPage })),
      ),
    },
  ],
};
