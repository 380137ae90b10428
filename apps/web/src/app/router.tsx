import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { DEFAULT_LANDING } from '../lib/api-client.ts';
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
            // /manage alone: the events list, the back office's home.
            { index: true, element: <Navigate to={DEFAULT_LANDING} replace /> },
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
