import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/**
 * Check-in: the back-office lists of an event. The door page staff open from a shared link
 * (`/check-in/:shortId`) is not a route of this app: it is its own light, offline build (door/main.tsx).
 */
export const routes: FeatureRoutes = {
  event: [
    {
      path: 'check-in',
      handle: { section: 'check-in' },
      lazy: lazyPage('check-in', () =>
        import('./pages/check-in-lists-page.tsx').then((m) => ({ Component: m.CheckInListsPage })),
      ),
    },
  ],
};
