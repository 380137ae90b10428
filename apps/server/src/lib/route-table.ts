import type { Permission } from '@taquilla/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { isPublicApiPath } from './auth.ts';

/**
 * Who may call a route. `public`: no token (the auth hook's public paths, pages, uploads); `member`:
 * any active user of the account, whatever their role; a permission: the roles whose row in
 * lib/permissions.ts holds it (the others get 403, which the permission matrix test checks).
 */
export type Access = 'public' | 'member' | Permission;

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
  /** From the route's own `config: { access }` when set, else from ACCESS_RULES; undefined: unclassified. */
  access: Access | undefined;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides ACCESS_RULES for this route (the permission matrix test reads it). */
    access?: Access;
  }
}

/**
 * Non-public /api routes by path (first match wins). A route under a new prefix is unclassified until it
 * gets a line here or `config: { access }`, and the permission matrix test fails until then.
 */
const ACCESS_RULES: [methods: RegExp, path: RegExp, access: Access][] = [
  [/GET|PUT/, /^\/api\/users\/me$/, 'member'],
  // A user's own second factor and sessions.
  [/.*/, /^\/api\/users\/me\/(two-factor|sessions)(\/|$)/, 'member'],
  // A user's own e-mail links (the service answers 404 for anyone else's id).
  [/.*/, /^\/api\/users\/:id\/(confirm-email|resend-email-confirmation|email-change)/, 'member'],
  [/.*/, /^\/api\/users(\/|$)/, 'users:manage'],
  // Every member reads the defaults and the taxes events use; changing them is the account's.
  [/GET/, /^\/api\/accounts\/me\/(event-defaults|taxes-and-fees)$/, 'events:read'],
  [/.*/, /^\/api\/accounts\/me\/taxes-and-fees(\/|$)/, 'taxes:manage'],
  [/.*/, /^\/api\/accounts\/me\/(payment-settings|stripe-connect)(\/|$)/, 'payments:manage'],
  [/.*/, /^\/api\/accounts\/me\/(invoicing|invoices)(\/|$)/, 'invoices:manage'],
  [/.*/, /^\/api\/accounts\/me\/privacy(\/|$)/, 'privacy:manage'],
  [/.*/, /^\/api\/accounts\/me(\/|$)/, 'account:manage'],
  // Opting an event out of invoicing is the account's invoicing decision; reading it is the event's.
  [/PUT/, /^\/api\/events\/:id\/invoicing$/, 'invoices:manage'],
  [/GET/, /^\/api\/events\/:id\/invoicing$/, 'events:read'],
  [/GET/, /^\/api\/events\/:id\/invoices\/:invoiceId\/pdf$/, 'orders:read'],
  // Reports: their downloads are exports (READ_ONLY sees the figures, downloads nothing).
  [/GET/, /^\/api\/(events\/:id\/)?reports\/[^/]+\/export$/, 'orders:export'],
  [/GET/, /^\/api\/(events\/:id\/)?reports\//, 'reports:read'],
  [/POST/, /^\/api\/events\/:id\/orders\/:orderId\/refund$/, 'orders:refund'],
  [
    /GET/,
    /^\/api\/events\/:id\/(orders|attendees|waitlist|affiliates|promo-codes)\/export$/,
    'orders:export',
  ],
  [/GET/, /^\/api\/events\/:id\/waitlist\/settings$/, 'events:read'],
  [/PUT/, /^\/api\/events\/:id\/waitlist\/settings$/, 'events:manage'],
  [/GET/, /^\/api\/events\/:id\/(orders|attendees|waitlist|messages|failed-emails)(\/|$)/, 'orders:read'],
  [/.*/, /^\/api\/events\/:id\/(orders|attendees|waitlist|failed-emails)(\/|$)/, 'orders:manage'],
  [/GET/, /^\/api\/events\/:id\/(stats|promoter)(\/|$)/, 'reports:read'],
  [/GET/, /^\/api\/events\/:id\/(check-in-lists|check_in_stats)(\/|$)/, 'check-in:read'],
  [/.*/, /^\/api\/events\/:id\/check-in-lists(\/|$)/, 'check-in:manage'],
  [/GET/, /^\/api\/(events|organizers)(\/|$)/, 'events:read'],
  [/.*/, /^\/api\/(events|organizers)(\/|$)/, 'events:manage'],
];

export function classify(method: string, url: string, configured?: Access): Access | undefined {
  if (configured) return configured;
  if (!url.startsWith('/api/') || isPublicApiPath(url)) return 'public';
  return ACCESS_RULES.find(([m, p]) => m.test(method) && p.test(url))?.[2];
}

/** Records every route as it is registered (call before the modules register theirs). */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        access: classify(method, route.url, route.config?.access),
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
      });
    }
  });
  return routes;
}
