import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/**
 * The buyer's pages are not screens of this app: the server renders the event, ticket and print pages
 * and serves the checkout's own light entry (checkout-app/, checkout.html). A client-side visit to one of
 * their addresses (a router link someone forgot to make a plain `<a href>`) loads the document again so
 * the server answers.
 */
const page = <T,>(importer: () => Promise<T>) => lazyPage('checkout', importer);

const serverPage = page(() =>
  import('./pages/server-rendered-page.tsx').then((m) => ({ Component: m.ServerRenderedPage })),
);

/**
 * The checkout's steps as lazy routes of this app, for the embeddable widget's frame
 * (`/widget/{eventId}/checkout/...`, features/widget/routes.tsx). The checkout's own light entry mounts
 * the same pages eagerly (checkout-app/routes.tsx).
 */
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
  top: ['/e/*', '/event/*', '/checkout/*', '/ticket/*', '/order/*'].map((path) => ({
    path,
    lazy: serverPage,
  })),
};
