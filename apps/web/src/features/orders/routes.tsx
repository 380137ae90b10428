import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

const failedEmailsPage = lazyPage('orders', () =>
  import('./pages/failed-emails-page.tsx').then((m) => ({ Component: m.FailedEmailsPage })),
);

/** The event's orders in the back office: list, detail, offline payments; the e-mails that failed. */
export const routes: FeatureRoutes = {
  event: [
    {
      path: 'orders',
      handle: { section: 'orders' },
      // The order's edit form asks its questions with checkout's QuestionField, whose words are in the
      // checkout's catalog; the «Fecha» filter's are in the event dates' one.
      lazy: lazyPage(
        'orders',
        () => import('./pages/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
        ['checkout', 'event-dates'],
      ),
    },
    { path: 'failed-emails', handle: { section: 'failed-emails' }, lazy: failedEmailsPage },
  ],
};
