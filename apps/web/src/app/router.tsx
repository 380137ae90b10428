import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, notFoundLoader } from './error-page.tsx';
import { collect, eventChildren } from './feature-route-table.ts';
import { RootRedirect } from './root-redirect.tsx';

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
