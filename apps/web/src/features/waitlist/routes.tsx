import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** The waiting list: the organizer's list of an event, and the buyer's "leave the list" link. */
const page = <T,>(importer: () => Promise<T>) => lazyPage('waitlist', importer);

export const routes: FeatureRoutes = {
  event: [
    {
      path: 'waitlist',
      handle: { section: 'waitlist' },
      lazy: page(() => import('./pages/waitlist-page.tsx').then((m) => ({ Component: m.WaitlistPage }))),
    },
  ],
  top: [
    {
      path: '/waitlist/leave/:token',
      lazy: page(() => import('./pages/leave-page.tsx').then((m) => ({ Component: m.LeavePage }))),
    },
  ],
};
