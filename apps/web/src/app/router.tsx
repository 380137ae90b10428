import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, notFoundLoader } from './error-page.tsx';
import type { FeatureRoutes } from './feature-routes.ts';
import { RootRedirect } from './root-redirect.tsx';

const modules = import.meta.glob<{ routes: FeatureRoutes }>('../features/*/routes.tsx', { eager: true });
const features = Object.values(modules).map((m) => m.routes);
const collect = (key: keyof FeatureRoutes): RouteObject[] => features.flatMap((f) => f[key] ?? []);

const eventChildren = collect('event');
/** The event sections some feature provides; the event layout lists only these. */
export const eventSectionKeys = new Set(
  eventChildren.map((r) => (r.handle as { section?: string } | undefined)?.section).filter(Boolean),
);

export function buildRoutes(): RouteObject[] {
  return [
    {
      errorElement: <ErrorPage />,
      children: [
        { path: '/', element: <RootRedirect /> },
        ...collect('top'),
        {
          path: '/manage',
          lazy: () => import('./layouts/manage-layout.tsx').then((m) => ({ Component: m.ManageLayout })),
          children: [
            ...collect('manage'),
            ...(eventChildren.length
              ? [
                  {
                    path: 'event/:eventId',
                    lazy: () =>
                      import('./layouts/event-layout.tsx').then((m) => ({ Component: m.EventLayout })),
                    children: eventChildren,
                  },
                ]
              : []),
          ],
        },
        {
          path: '/account',
          lazy: () => import('./layouts/manage-layout.tsx').then((m) => ({ Component: m.ManageLayout })),
          children: collect('account'),
        },
        { path: '*', loader: notFoundLoader },
      ],
    },
  ];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
