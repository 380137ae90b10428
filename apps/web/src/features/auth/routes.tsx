import type { FeatureRoutes } from '../../app/feature-routes.ts';
import { lazyPage } from '../../lib/i18n.ts';

/** Sign-up, login, links from e-mails, onboarding and the profile (spec §2). */
const page = <T,>(importer: () => Promise<T>) => lazyPage('auth', importer);

export const routes: FeatureRoutes = {
  top: [
    {
      path: '/auth/login',
      lazy: page(() => import('./pages/login-page.tsx').then((m) => ({ Component: m.LoginPage }))),
    },
    {
      path: '/auth/register',
      lazy: page(() => import('./pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage }))),
    },
    {
      path: '/auth/forgot-password',
      lazy: page(() =>
        import('./pages/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
      ),
    },
    {
      path: '/auth/reset-password/:token',
      lazy: page(() =>
        import('./pages/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
      ),
    },
    {
      path: '/auth/accept-invitation/:token',
      lazy: page(() =>
        import('./pages/accept-invitation-page.tsx').then((m) => ({ Component: m.AcceptInvitationPage })),
      ),
    },
    {
      path: '/auth/undo-email-change/:token',
      lazy: page(() =>
        import('./pages/undo-email-change-page.tsx').then((m) => ({ Component: m.UndoEmailChangePage })),
      ),
    },
    {
      path: '/welcome',
      lazy: page(() => import('./pages/welcome-page.tsx').then((m) => ({ Component: m.WelcomePage }))),
    },
  ],
  manage: [
    {
      path: 'profile',
      lazy: page(() => import('./pages/profile-page.tsx').then((m) => ({ Component: m.ProfilePage }))),
    },
    {
      path: 'profile/two-factor',
      lazy: page(() => import('./pages/two-factor-page.tsx').then((m) => ({ Component: m.TwoFactorPage }))),
    },
    {
      path: 'profile/confirm-email-address/:token',
      lazy: page(() =>
        import('./pages/confirm-email-pages.tsx').then((m) => ({ Component: m.ConfirmEmailAddressPage })),
      ),
    },
    {
      path: 'profile/confirm-email-change/:token',
      lazy: page(() =>
        import('./pages/confirm-email-pages.tsx').then((m) => ({ Component: m.ConfirmEmailChangePage })),
      ),
    },
  ],
};
