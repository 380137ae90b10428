import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** The event's attendees in the back office: who holds each ticket. */
export const routes: FeatureRoutes = {
  event: [
    {
      path: 'attendees',
      handle: { section: 'attendees' },
      // The «Fecha» filter's words are in the event dates' catalog.
      lazy: lazyPage(
        'attendees',
        () => import('./pages/attendees-page.tsx').then((m) => ({ Component: m.AttendeesPage })),
        ['event-dates'],
      ),
    },
  ],
};
