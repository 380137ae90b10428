import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';
import { checkoutSteps } from '../checkout/routes.tsx';

/**
 * The embeddable widget: its settings page in the event's back office, and the checkout steps inside
 * the widget's frame (the widget's first page, /widget/{eventId}, is its own light build: entry/).
 */
export const routes: FeatureRoutes = {
  top: [
    {
      path: '/widget/:eventId/checkout/:orderShortId',
      lazy: async () => {
        // The checkout's messages come with its steps; the frame's layout needs them too.
        const [mod] = await Promise.all([
          lazyPage('widget', () => import('./pages/widget-checkout-page.tsx'))(),
          lazyPage('checkout', async () => null)(),
        ]);
        return { Component: mod.WidgetCheckoutPage };
      },
      children: checkoutSteps,
    },
  ],
  event: [
    {
      path: 'widget',
      handle: { section: 'widget' },
      lazy: lazyPage('widget', () =>
        import('./pages/widget-settings-page.tsx').then((m) => ({ Component: m.WidgetSettingsPage })),
      ),
    },
  ],
};
