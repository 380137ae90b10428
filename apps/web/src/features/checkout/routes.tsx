import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/**
 * The buyer's pages (spec §2): checkout steps, ticket and print pages. All public, each a lazy chunk.
 * The public event page is not here: the server renders it with its own light entry (public-event/,
 * event.html), and /e/* only sends a client-side visit back to the server.
 */
const page = <T,>(importer: () => Promise<T>) => lazyPage('checkout', importer);

const serverPage = page(() =>
  import('./pages/server-rendered-page.tsx').then((m) => ({ Component: m.ServerRenderedPage })),
);

/** The steps under an order; the embeddable widget serves the same steps inside its frame. */
export const checkoutSteps: RouteObject[] = [
  {
    path: 'details',
    lazy: page(() => import('./pages/details-page.tsx').then((m) => ({ Component: m.DetailsPage }))),
  },
  {
    path: 'payment',
    lazy: page(() => import('./pages/payment-page.tsx').then((m) => ({ Component: m.PaymentPage }))),
  },
  {
    path: 'summary',
    lazy: page(() => import('./pages/summary-page.tsx').then((m) => ({ Component: m.SummaryPage }))),
  },
  {
    path: 'payment_return',
    lazy: page(() =>
      import('./pages/payment-return-page.tsx').then((m) => ({ Component: m.PaymentReturnPage })),
    ),
  },
];

export const routes: FeatureRoutes = {
  top: [
    { path: '/e/*', lazy: serverPage },
    { path: '/event/*', lazy: serverPage },
    {
      path: '/checkout/:eventId',
      lazy: page(() => import('./pages/checkout-layout.tsx').then((m) => ({ Component: m.CheckoutIndex }))),
    },
    {
      path: '/checkout/:eventId/:orderShortId',
      lazy: page(() => import('./pages/checkout-layout.tsx').then((m) => ({ Component: m.CheckoutLayout }))),
      children: checkoutSteps,
    },
    {
      path: '/ticket/:eventId/:attendeeShortId',
      lazy: page(() => import('./pages/ticket-page.tsx').then((m) => ({ Component: m.TicketPage }))),
    },
    {
      path: '/ticket/:eventId/:attendeeShortId/print',
      lazy: page(() => import('./pages/print-pages.tsx').then((m) => ({ Component: m.TicketPrintPage }))),
    },
    {
      path: '/order/:eventId/:orderShortId/print',
      lazy: page(() => import('./pages/print-pages.tsx').then((m) => ({ Component: m.OrderPrintPage }))),
    },
  ],
};
