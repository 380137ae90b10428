import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** The dates of an event (occurrences, issue #27). */
export const routes: FeatureRoutes = {
  event: [
    {
      path: 'dates',
      handle: { section: 'dates' },
      lazy: lazyPage('event-dates', () =>
        import('./pages/dates-page.tsx').then((m) => ({ Component: m.DatesPage })),
      ),
    },
  ],
};
