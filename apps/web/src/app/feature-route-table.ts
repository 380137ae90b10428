import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from './feature-routes.ts';

const modules = import.meta.glob<{ routes: FeatureRoutes }>('../features/*/routes.tsx', { eager: true });
const features = Object.values(modules).map((m) => m.routes);

/** Every feature's routes of one place in the route tree. */
export const collect = (key: keyof FeatureRoutes): RouteObject[] => features.flatMap((f) => f[key] ?? []);

export const eventChildren = collect('event');
/** The event sections some feature provides; the event layout lists only these. */
export const eventSectionKeys = new Set(
  eventChildren.map((r) => (r.handle as { section?: string } | undefined)?.section).filter(Boolean),
);
