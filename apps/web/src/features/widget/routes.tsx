import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/**
 * The embeddable widget's settings page in the event's back office. The widget's pages are not screens
 * of this app: /widget/{eventId} is its own light build (entry/), and its checkout steps are the
 * checkout's light page (checkout-app/).
 */
export const routes: FeatureRoutes = {
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
