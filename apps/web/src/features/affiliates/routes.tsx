import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** Affiliates of an event: the partners who sell through `?aff=` links, and their sales. */
export const routes: FeatureRoutes = {
  event: [
    {
      path: 'affiliates',
      handle: { section: 'affiliates' },
      lazy: lazyPage('affiliates', () =>
        import('./pages/affiliates-page.tsx').then((m) => ({ Component: m.AffiliatesPage })),
      ),
    },
  ],
};
