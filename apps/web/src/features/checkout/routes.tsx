import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/**
 * The buyer's pages are not screens of this app: the server renders the event, ticket and print pages
 * and serves the checkout's own light entry (checkout-app/, checkout.html). A client-side visit to one of
 * their addresses (a router link someone forgot to make a plain `<a href>`) loads the document again so
 * the server answers.
 */
const page = <T,>(importer: () => Promise<T>) => lazyPage('checkout', importer);

const serverPage = page(() =>
  import('./pages/server-rendered-page.tsx').then((m) => ({ Component: m.ServerRenderedPage })),
);

export const routes: FeatureRoutes = {
  top: ['/e/*', '/event/*', '/checkout/*', '/ticket/*', '/order/*', '/widget/*'].map((path) => ({
    path,
    lazy: serverPage,
  })),
};
