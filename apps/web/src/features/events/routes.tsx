import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** The events back office: event lists, an event's dashboard, settings and checklist, and account pages. */
const page = <T,>(importer: () => Promise<T>) => lazyPage('events', importer);

const eventsPage = page(() => import('./pages/events-page.tsx').then((m) => ({ Component: m.EventsPage })));
// The «Fecha» filter's words are in the event dates' catalog.
const dashboard = lazyPage(
  'events',
  () => import('./pages/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  ['event-dates'],
);

export const routes: FeatureRoutes = {
  manage: [
    { path: 'events/:eventsState?', lazy: eventsPage },
    { path: 'organizer/:organizerId/events?/:eventsState?', lazy: eventsPage },
  ],
  event: [
    { index: true, handle: { section: 'dashboard' }, lazy: dashboard },
    { path: 'dashboard', handle: { section: 'dashboard' }, lazy: dashboard },
    {
      path: 'settings',
      handle: { section: 'settings' },
      lazy: page(() => import('./pages/settings-page.tsx').then((m) => ({ Component: m.SettingsPage }))),
    },
    {
      path: 'homepage-designer',
      handle: { section: 'homepage-designer' },
      lazy: page(() =>
        import('./pages/homepage-designer-page.tsx').then((m) => ({ Component: m.HomepageDesignerPage })),
      ),
    },
    {
      path: 'getting-started',
      handle: { section: 'getting-started' },
      lazy: page(() =>
        import('./pages/getting-started-page.tsx').then((m) => ({ Component: m.GettingStartedPage })),
      ),
    },
  ],
  account: [
    {
      path: 'taxes-and-fees',
      lazy: page(() => import('./pages/taxes-page.tsx').then((m) => ({ Component: m.TaxesPage }))),
    },
    {
      path: 'event-defaults',
      lazy: page(() =>
        import('./pages/event-defaults-page.tsx').then((m) => ({ Component: m.EventDefaultsPage })),
      ),
    },
  ],
};
