import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** Selling setup of an event: tickets, capacity assignments, promo codes and questions. */
const page = <T,>(importer: () => Promise<T>) => lazyPage('selling', importer);

export const routes: FeatureRoutes = {
  event: [
    {
      path: 'tickets',
      handle: { section: 'tickets' },
      lazy: page(() => import('./pages/tickets-page.tsx').then((m) => ({ Component: m.TicketsPage }))),
    },
    {
      path: 'capacity-assignments',
      handle: { section: 'capacity-assignments' },
      lazy: page(() => import('./pages/capacity-page.tsx').then((m) => ({ Component: m.CapacityPage }))),
    },
    {
      path: 'promo-codes',
      handle: { section: 'promo-codes' },
      lazy: page(() => import('./pages/promo-codes-page.tsx').then((m) => ({ Component: m.PromoCodesPage }))),
    },
    {
      path: 'questions',
      handle: { section: 'questions' },
      lazy: page(() => import('./pages/questions-page.tsx').then((m) => ({ Component: m.QuestionsPage }))),
    },
  ],
};
