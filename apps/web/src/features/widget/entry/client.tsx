import '@fontsource/varela-round/400.css';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { i18n } from '@lingui/core';
import type { Locale, PublicEvent } from '@taquilla/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveLocale } from '../../../lib/locale.ts';
import { readWidgetOptions } from '../lib/options.ts';
import { loadWidgetMessages } from './messages.ts';
import { WidgetApp } from './widget-app.tsx';

/**
 * Browser entry of the embeddable widget (widget.html, `vite build --mode widget`): its own small build,
 * rendered in the browser from the event data the server inlined (`{ event, locale }`).
 */
interface WidgetPageData {
  event: PublicEvent | null;
  locale?: Locale;
}

function readData(): WidgetPageData | null {
  try {
    return JSON.parse(
      document.getElementById('__TAQUILLA_DATA__')?.textContent ?? 'null',
    ) as WidgetPageData | null;
  } catch {
    return null;
  }
}

const data = readData();
const options = readWidgetOptions(window.location.search);
const locale = options.locale ?? data?.locale ?? resolveLocale();
i18n.loadAndActivate({ locale, messages: await loadWidgetMessages(locale) });
document.documentElement.lang = locale;
const eventId = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WidgetApp
      i18n={i18n}
      eventId={eventId}
      event={data ? data.event : undefined}
      options={options}
      search={window.location.search}
    />
  </StrictMode>,
);
