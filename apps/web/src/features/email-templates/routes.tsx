import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** E-mails in the organizer's words: the account's texts (/account/emails) and an event's (…/emails). */
const page = <T,>(importer: () => Promise<T>) => lazyPage('email-templates', importer);

export const routes: FeatureRoutes = {
  account: [
    {
      path: 'emails',
      lazy: page(() =>
        import('./pages/account-emails-page.tsx').then((m) => ({ Component: m.AccountEmailsPage })),
      ),
    },
  ],
  event: [
    {
      path: 'emails',
      handle: { section: 'emails' },
      lazy: page(() =>
        import('./pages/event-emails-page.tsx').then((m) => ({ Component: m.EventEmailsPage })),
      ),
    },
  ],
};
