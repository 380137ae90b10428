import type { I18n, Messages } from '@lingui/core';
import type { Locale, PublicEvent, PublicOrder } from '@taquilla/shared';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '../../../lib/query-client.ts';
import { isCheckoutStep, parseCheckoutPath, settledStep } from '../lib/checkout-steps.ts';
import { PageFormat } from '../lib/page-format.ts';
import { CheckoutApp } from './app.tsx';
import { type CheckoutPageData, seedQueries } from './page-data.ts';
import { checkoutRoutes } from './routes.tsx';

const handler = createStaticHandler(checkoutRoutes);

export interface RenderCheckoutInput {
  /** The request's path and query string: `/checkout/{eventId}/{orderShortId}/{step}?…` (or the widget's). */
  url: string;
  event: PublicEvent;
  order: PublicOrder;
}

/**
 * One checkout step rendered to HTML (called by the SSR entry with a Lingui instance of the request's
 * language): the step the order belongs on (`settledStep`, as the browser decides it too), with the
 * event and the order already in the query cache, so the markup is the step itself. Null when the
 * address is not a step.
 */
export async function renderCheckoutStep(
  input: RenderCheckoutInput,
  i18n: I18n,
  catalog: { locale: Locale; messages: Messages },
): Promise<{ html: string; path: string; data: CheckoutPageData } | null> {
  const url = new URL(input.url, 'http://checkout.invalid');
  const address = parseCheckoutPath(url.pathname);
  if (!address || !isCheckoutStep(address.step)) return null;
  const { eventId, orderShortId } = address;
  const path = address.pathOf(settledStep(input.order, address.step));
  const context = await handler.query(new Request(new URL(`${path}${url.search}`, url)));
  if (context instanceof Response) return null;

  const queryClient = createQueryClient();
  seedQueries(queryClient, { eventId, orderShortId }, input);
  const format = new PageFormat(catalog.locale);
  const renderedAt = Date.now();
  const html = renderToString(
    <CheckoutApp i18n={i18n} queryClient={queryClient} format={format} renderedAt={renderedAt}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </CheckoutApp>,
  );
  queryClient.clear();
  return {
    html,
    path,
    data: {
      ...catalog,
      event: input.event,
      order: input.order,
      renderedAt,
      formats: format.snapshot(),
    },
  };
}
