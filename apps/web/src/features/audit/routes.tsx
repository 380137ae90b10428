import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** The account's activity log (/account/activity), in the account screens' frame (team's AccountPage). */
export const routes: FeatureRoutes = {
  account: [
    {
      path: 'activity',
      lazy: lazyPage(
        'audit',
        () => import('./pages/audit-log-page.tsx').then((m) => ({ Component: m.AuditLogPage })),
        ['team'],
      ),
    },
  ],
};
