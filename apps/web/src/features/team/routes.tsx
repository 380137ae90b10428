import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** The account's team (/account/users), settings (/account/settings, /manage/account) and invoicing (/account/invoicing). */
const page = <T,>(importer: () => Promise<T>) => lazyPage('team', importer);
const settings = page(() =>
  import('./pages/account-settings-page.tsx').then((m) => ({ Component: m.AccountSettingsPage })),
);

export const routes: FeatureRoutes = {
  account: [
    {
      index: true,
      lazy: page(() => import('./pages/account-home.tsx').then((m) => ({ Component: m.AccountHome }))),
    },
    { path: 'settings', lazy: settings },
    {
      path: 'users',
      lazy: page(() => import('./pages/users-page.tsx').then((m) => ({ Component: m.UsersPage }))),
    },
    {
      path: 'invoicing',
      lazy: page(() => import('./pages/invoicing-page.tsx').then((m) => ({ Component: m.InvoicingPage }))),
    },
  ],
  manage: [{ path: 'account', lazy: settings }],
};
