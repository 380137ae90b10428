import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** «Cuenta › Privacidad» (/account/privacy): in the account screens' frame, so with team's messages too. */
export const routes: FeatureRoutes = {
  account: [
    {
      path: 'privacy',
      lazy: lazyPage(
        'privacy',
        () => import('./pages/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
        ['team'],
      ),
    },
  ],
};
