import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** Reports («Informes»): an event's (in its menu) and the account's (in the main navigation), and their printable summaries. */
const page = <T,>(importer: () => Promise<T>) => lazyPage('reports', importer);

// An event's «Fecha» filter speaks with the event dates' catalog.
const reports = lazyPage(
  'reports',
  () => import('./pages/reports-page.tsx').then((m) => ({ Component: m.ReportsPage })),
  ['event-dates'],
);
const summary = page(() => import('./pages/summary-page.tsx').then((m) => ({ Component: m.SummaryPage })));

export const routes: FeatureRoutes = {
  // The printable summaries stand outside the back-office frame: nothing but the report on paper.
  top: [
    { path: '/manage/event/:eventId/reports/print', lazy: summary },
    { path: '/manage/reports/print', lazy: summary },
  ],
  manage: [{ path: 'reports', lazy: reports }],
  event: [{ path: 'reports', handle: { section: 'reports' }, lazy: reports }],
};
