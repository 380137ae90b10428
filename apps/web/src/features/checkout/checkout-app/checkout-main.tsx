import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { adoptCatalogs, i18n, initI18n, loadFeatureCatalog } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { isCheckoutStep, parseCheckoutPath, settledStep } from '../lib/checkout-steps.ts';
import { PageFormat } from '../lib/page-format.ts';
import { CheckoutApp } from './app.tsx';
import { readCheckoutData, seedQueries } from './page-data.ts';
import { checkoutRoutes } from './routes.tsx';

/**
 * The checkout in the browser, loaded by the entry (client.tsx) once the server's markup is on screen.
 * The server inlines the request's messages, the event and the order, and renders the step
 * (ssr/dist/event-page.mjs, renderCheckoutPage): this hydrates it. Without that (Vite's dev server) the
 * page renders on its own.
 */
const inlined = readCheckoutData();
if (inlined) adoptCatalogs(inlined.locale, inlined.messages, ['shell', 'checkout']);
else {
  await initI18n();
  await loadFeatureCatalog('checkout');
}

const address = parseCheckoutPath(window.location.pathname);
const eventId = address?.eventId ?? '';
const orderShortId = address?.orderShortId ?? '';
// The step the order belongs on, as the server decided it too: start there rather than redirect.
if (inlined?.order && address && isCheckoutStep(address.step)) {
  const settled = settledStep(inlined.order, address.step);
  if (settled !== address.step) {
    const { search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${address.pathOf(settled)}${search}${hash}`);
  }
}

const router = createBrowserRouter(checkoutRoutes);
const queryClient = createQueryClient();
if (inlined) seedQueries(queryClient, { eventId, orderShortId }, inlined);

const serverRendered = typeof inlined?.renderedAt === 'number';
const app = (
  <CheckoutApp
    i18n={i18n}
    queryClient={queryClient}
    format={new PageFormat(i18n.locale, inlined?.formats)}
    renderedAt={inlined?.renderedAt ?? null}
  >
    <RouterProvider router={router} />
  </CheckoutApp>
);
const root = document.getElementById('root') as HTMLElement;
// A transition lets React yield to the browser while it builds the form, instead of one long task; a
// server-rendered step is on screen already, and a tap meanwhile hydrates at once.
if (serverRendered) startTransition(() => void hydrateRoot(root, app));
else startTransition(() => createRoot(root).render(app));
