import '@fontsource/varela-round/400.css';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createTheme, MantineProvider } from '@mantine/core';
import type { Locale } from '@taquilla/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../../../app/theme.ts';
import { resolveLocale, writeLocaleCookie } from '../../../lib/locale.ts';
import { DoorApp } from './door-app.tsx';
import { DoorEngine } from './door-engine.ts';

/**
 * Entry of the door page (door.html, its own light build: no router, no query cache, no back office).
 * It works offline: a service worker keeps the page and its files, IndexedDB the list's data.
 */
const catalogs = import.meta.glob<{ messages: Messages }>('../locales/*.po');

async function activate(locale: Locale) {
  const load = catalogs[`../locales/${locale}.po`];
  i18n.loadAndActivate({ locale, messages: load ? (await load()).messages : {} });
  document.documentElement.lang = locale;
}

const shortId = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
await activate(resolveLocale());

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/door-sw.js', { scope: '/check-in/' }).catch(() => undefined);
}
const manifest = document.createElement('link');
manifest.rel = 'manifest';
manifest.href = `/check-in/${encodeURIComponent(shortId)}/manifest.webmanifest`;
document.head.append(manifest);

/** Darker primary shade: white on blue.8 reads at 4.5:1 or more, in a dim venue too. */
const doorTheme = createTheme({ ...theme, primaryShade: 8 });

const engine = new DoorEngine(shortId, () => i18n.locale);
const onLocale = (locale: Locale) => {
  writeLocaleCookie(locale);
  void activate(locale);
};

// Rendered as a transition: React yields to the browser between small slices instead of one long task.
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={doorTheme} defaultColorScheme="light">
          <DoorApp engine={engine} onLocale={onLocale} />
        </MantineProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);
void engine.start();
