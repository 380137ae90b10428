import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/**
 * Webhooks (/account/webhooks, /account/webhooks/:id) and API keys (/account/api-keys). They sit in the
 * account screens' frame (team's AccountPage), so they load that feature's messages too.
 */
const page = <T,>(importer: () => Promise<T>) => lazyPage('integrations', importer, ['team']);

export const routes: FeatureRoutes = {
  account: [
    {
      path: 'webhooks',
      lazy: page(() => import('./pages/webhooks-page.tsx').then((m) => ({ Component: m.WebhooksPage }))),
    },
    {
      path: 'webhooks/:endpointId',
      lazy: page(() =>
        import('./pages/webhook-detail-page.tsx').then((m) => ({ Component: m.WebhookDetailPage })),
      ),
    },
    {
      path: 'api-keys',
      lazy: page(() => import('./pages/api-keys-page.tsx').then((m) => ({ Component: m.ApiKeysPage }))),
    },
  ],
};
