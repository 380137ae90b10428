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
import type { Locale } from '@taquilla/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { resolveLocale, writeLocaleCookie } from '../../../lib/locale.ts';
import { PageFormat } from '../lib/page-format.ts';
import { PublicEventApp } from './app.tsx';
import { loadPageMessages } from './messages.ts';
import { readPageData } from './page-data.ts';
import { browserLocation } from './page-location.ts';

/**
 * Browser entry of the public event page (event.html). Only the Mantine styles the page uses, no router.
 * A server-rendered page is hydrated with the data the server inlined; without it (Vite dev server) the
 * page renders on its own and fetches the event.
 */
const data = readPageData();
const serverRendered = Boolean(data?.messages);
const locale = data?.locale ?? resolveLocale();
i18n.loadAndActivate({ locale, messages: data?.messages ?? (await loadPageMessages(locale)) });
document.documentElement.lang = locale;

async function switchLocale(next: Locale) {
  writeLocaleCookie(next);
  i18n.loadAndActivate({ locale: next, messages: await loadPageMessages(next) });
  document.documentElement.lang = next;
}

const app = (
  <StrictMode>
    <PublicEventApp
      i18n={i18n}
      format={new PageFormat(locale, data?.formats)}
      location={browserLocation()}
      event={data ? data.event : undefined}
      dateRefused={data?.dateRefused}
      switchLocale={switchLocale}
    />
  </StrictMode>
);
const root = document.getElementById('root') as HTMLElement;
// The page is already on screen: hydrating as a transition lets React yield to the browser between
// small slices of work instead of blocking it for one long task. A tap meanwhile hydrates at once.
if (serverRendered) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
