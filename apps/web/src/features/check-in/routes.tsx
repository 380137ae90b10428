import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** Check-in: the back-office lists of an event, and the public door page staff open from a shared link. */
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
  top: [
    {
      path: '/check-in/:checkInListShortId',
      lazy: lazyPage('check-in', () =>
        import('./pages/door-page.tsx').then((m) => ({ Component: m.DoorPage })),
      ),
    },
  ],
};
