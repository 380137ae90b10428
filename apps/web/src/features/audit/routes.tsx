import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { loadFeatureCatalog } from '../../lib/i18n.ts';

/** The account's activity log (/account/activity), in the account screens' frame (team's AccountPage). */
const page =
  <T,>(importer: () => Promise<T>) =>
  async () => {
    const [mod] = await Promise.all([importer(), loadFeatureCatalog('audit'), loadFeatureCatalog('team')]);
    return mod;
  };

export const routes: FeatureRoutes = {
  account: [
    {
      path: 'activity',
      lazy: page(() => import('./pages/audit-log-page.tsx').then((m) => ({ Component: m.AuditLogPage }))),
    },
  ],
};
