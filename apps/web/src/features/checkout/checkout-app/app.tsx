import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { cssVariablesResolver, theme } from '../../../app/theme.ts';
import { OfflineBanner } from '../../../components/offline-banner.tsx';
import { RenderedAtContext } from '../components/countdown.tsx';
import { type PageFormat, PageFormatContext } from '../lib/page-format.ts';

/**
 * The checkout's tree around its router, the same on the server (renderToString with a static router)
 * and in the browser (hydrateRoot with the browser router), so the markup the server sent is the markup
 * React hydrates.
 */
export function CheckoutApp(props: {
  i18n: I18n;
  queryClient: QueryClient;
  format: PageFormat;
  renderedAt: number | null;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={props.i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Notifications limit={5} position="top-center" autoClose={4000} />
          <QueryClientProvider client={props.queryClient}>
            <PageFormatContext value={props.format}>
              <RenderedAtContext value={props.renderedAt}>
                <PageReady />
                <OfflineBanner />
                {props.children}
              </RenderedAtContext>
            </PageFormatContext>
          </QueryClientProvider>
        </MantineProvider>
      </I18nProvider>
    </StrictMode>
  );
}

/** Marks <html data-page-ready> once React has taken over the markup (browser tests wait for it). */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.pageReady = 'true';
  }, []);
  return null;
}
