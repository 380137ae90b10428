import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { Locale, PublicEvent } from '@taquilla/shared';
import { useEffect, useState } from 'react';
import { cssVariablesResolver, theme } from '../../../app/theme.ts';
import { OfflineBanner } from '../../../components/offline-banner.tsx';
import { PageFormat, PageFormatContext } from '../lib/page-format.ts';
import { EventPage } from '../pages/event-page.tsx';
import type { PageLocation } from './page-location.ts';

/**
 * The whole public event page, the same tree on the server (renderToString) and in the browser
 * (hydrateRoot): no router, no query cache, no back-office code.
 */
export function PublicEventApp(props: {
  i18n: I18n;
  format: PageFormat;
  location: PageLocation;
  event: PublicEvent | null | undefined;
  dateRefused?: boolean;
  /** Loads and activates another language's messages (browser only). */
  switchLocale: (locale: Locale) => Promise<void>;
}) {
  const [format, setFormat] = useState(props.format);
  useEffect(() => {
    // From here on taps are handled (the server's markup is hydrated): browser tests wait for it.
    document.documentElement.dataset.pageReady = 'true';
  }, []);
  const onLocale = (locale: Locale) => {
    void props.switchLocale(locale).then(() => setFormat(new PageFormat(locale)));
  };
  return (
    <I18nProvider i18n={props.i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <PageFormatContext value={format}>
          <OfflineBanner />
          <EventPage
            location={props.location}
            initialEvent={props.event}
            dateRefused={props.dateRefused}
            onLocale={onLocale}
          />
        </PageFormatContext>
      </MantineProvider>
    </I18nProvider>
  );
}
