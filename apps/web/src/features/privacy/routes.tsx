import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { loadFeatureCatalog } from '../../lib/i18n.ts';

/** «Cuenta › Privacidad» (/account/privacy): in the account screens' frame, so with team's messages too. */
const page =
  <T,>(importer: () => Promise<T>) =>
  async () => {
    const [mod] = await Promise.all([importer(), loadFeatureCatalog('privacy'), loadFeatureCatalog('team')]);
    return mod;
  };

export const routes: FeatureRoutes = {
  account: [
    {
      path: 'privacy',
      lazy: page(() => import('./pages/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage }))),
    },
  ],
};
