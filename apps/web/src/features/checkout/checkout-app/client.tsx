import '@fontsource/varela-round/400.css';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Locale, PublicEvent, PublicOrder } from '@taquilla/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { cssVariablesResolver, theme } from '../../../app/theme.ts';
import { OfflineBanner } from '../../../components/offline-banner.tsx';
import { adoptCatalogs, i18n, initI18n, loadFeatureCatalog } from '../../../lib/i18n.ts';
import { isLocale } from '../../../lib/locale.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { orderQuery, publicEventQuery } from '../api.ts';
import { checkoutRoutes } from './routes.tsx';

/**
 * Browser entry of the checkout (checkout.html): only the checkout's screens and the Mantine styles they
 * use, built with the event page so the two share their files (a buyer coming from the event page
 * already has React, Mantine and Lingui). The server inlines the request's messages.
 */
interface CheckoutPageData {
  locale: Locale;
  messages: Record<string, string>;
  event: PublicEvent | null;
  order: PublicOrder | null;
}

function inlinedData(): CheckoutPageData | null {
  try {
    const data = JSON.parse(document.getElementById('__TAQUILLA_DATA__')?.textContent ?? 'null');
    return data && isLocale(data.locale) ? data : null;
  } catch {
    return null;
  }
}

const inlined = inlinedData();
if (inlined) adoptCatalogs(inlined.locale, inlined.messages, ['shell', 'checkout']);
else {
  await initI18n();
  await loadFeatureCatalog('checkout');
}

const router = createBrowserRouter(checkoutRoutes);
const queryClient = createQueryClient();
// The event and the order came with the page: the first render is the step itself, not a loader.
const [, , eventId = '', orderShortId = ''] = window.location.pathname.split('/');
if (inlined?.event) queryClient.setQueryData(publicEventQuery(eventId).queryKey, inlined.event);
if (inlined?.order) queryClient.setQueryData(orderQuery(eventId, orderShortId).queryKey, inlined.order);

const root = createRoot(document.getElementById('root') as HTMLElement);
// A transition lets React yield to the browser while it builds the form, instead of one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Notifications limit={5} position="bottom-right" autoClose={4000} />
          <QueryClientProvider client={queryClient}>
            <OfflineBanner />
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);
