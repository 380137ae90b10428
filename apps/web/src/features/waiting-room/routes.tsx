import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** The waiting room of an event: its settings and live figures. */
export const routes: FeatureRoutes = {
  event: [
    {
      path: 'waiting-room',
      handle: { section: 'waiting-room' },
      // «Fecha» (a date's own room) is the event-dates feature's choice, with its messages.
      lazy: lazyPage(
        'waiting-room',
        () => import('./pages/waiting-room-page.tsx').then((m) => ({ Component: m.WaitingRoomPage })),
        ['event-dates'],
      ),
    },
  ],
};
