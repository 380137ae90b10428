import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** Affiliates of an event: the partners who sell through `?aff=` links, and their sales. */
const page = <T,>(importer: () => Promise<T>) => lazyPage('affiliates', importer);

export const routes: FeatureRoutes = {
  event: [
    {
      path: 'dashboardPromoter',
      handle: { section: 'affiliates' },
      lazy: page(() =>
        import('./pages/promoter-dashboard-page.tsx').then((m) => ({ Component: m.PromoterDashboardPage })),
      ),
    },
    {
      path: 'dashboardPromoterSingle/:promoterId?',
      handle: { section: 'affiliates' },
      lazy: page(() =>
        import('./pages/promoter-single-page.tsx').then((m) => ({ Component: m.PromoterSinglePage })),
      ),
    },
    {
      path: 'affiliates',
      handle: { section: 'affiliates' },
      lazy: page(() => import('./pages/affiliates-page.tsx').then((m) => ({ Component: m.AffiliatesPage }))),
    },
  ],
};
