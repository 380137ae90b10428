import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** Messages of an event: write to its buyers and attendees, now or at a set time, and the history. */
export const routes: FeatureRoutes = {
  event: [
    {
      path: 'messages',
      handle: { section: 'messages' },
      // The audience's «Fecha» speaks with the event dates' catalog.
      lazy: lazyPage(
        'messages',
        () => import('./pages/messages-page.tsx').then((m) => ({ Component: m.MessagesPage })),
        ['event-dates'],
      ),
    },
  ],
};
