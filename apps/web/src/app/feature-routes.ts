import type { RouteObject } from 'react-router';

/**
 * What a feature adds to the router: `src/features/<name>/routes.tsx` exports `routes: FeatureRoutes`
 * and the router picks it up; no shared file to edit.
 * - top: outside any layout (public pages, auth screens)
 * - manage: inside the /manage layout, paths relative to /manage
 * - account: inside the /account layout, paths relative to /account
 * - event: inside the /manage/event/:eventId layout; give `handle: { section: '<key>' }` to appear in
 *   its sidebar (keys are the spec §2 sections, see app/layouts/event-sections.ts)
 */
export interface FeatureRoutes {
  top?: RouteObject[];
  manage?: RouteObject[];
  account?: RouteObject[];
  event?: RouteObject[];
}
