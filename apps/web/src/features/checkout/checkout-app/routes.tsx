import type { RouteObject } from 'react-router';
import { ErrorPage } from '../../../app/error-page.tsx';
import { WidgetCheckoutFrame } from '../../widget/components/widget-checkout-frame.tsx';
import { CheckoutLayout } from '../pages/checkout-layout.tsx';
import { DetailsPage } from '../pages/details-page.tsx';
import { PaymentPage } from '../pages/payment-page.tsx';
import { PaymentReturnPage } from '../pages/payment-return-page.tsx';
import { SummaryPage } from '../pages/summary-page.tsx';

/**
 * The checkout's steps (spec §2): `/checkout/:eventId/:orderShortId/{details,payment,summary,payment_return}`,
 * and the same steps inside the embeddable widget's frame (`/widget/:eventId/checkout/...`).
 * All in the entry's file: the steps are small, and a step that loads on its own would wait for a
 * request on a poor connection in the middle of paying.
 */
export const checkoutSteps: RouteObject[] = [
  { path: 'details', Component: DetailsPage },
  { path: 'payment', Component: PaymentPage },
  { path: 'summary', Component: SummaryPage },
  { path: 'payment_return', Component: PaymentReturnPage },
];

export const checkoutRoutes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { path: '/checkout/:eventId/:orderShortId', Component: CheckoutLayout, children: checkoutSteps },
      {
        path: '/widget/:eventId/checkout/:orderShortId',
        Component: WidgetCheckoutFrame,
        children: checkoutSteps,
      },
    ],
  },
];
