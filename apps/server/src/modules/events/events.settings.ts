import type { EventDefaults, EventSettings } from '@taquilla/shared/schemas/events';
import type { Config } from '../../config.ts';
import type { EventRow } from './events.repository.ts';

/** The settings document of an event with every field filled (events.settings keeps what was set). */
export function resolveSettings(row: Pick<EventRow, 'settings' | 'order_timeout_minutes'>): EventSettings {
  const s = row.settings as Partial<EventSettings>;
  return {
    order_timeout_minutes: row.order_timeout_minutes,
    attendee_details_mode: s.attendee_details_mode ?? 'PER_TICKET',
    post_checkout_message: s.post_checkout_message ?? null,
    payment_providers: s.payment_providers ?? [],
    offline_payment_instructions: s.offline_payment_instructions ?? null,
    seo_title: s.seo_title ?? null,
    seo_description: s.seo_description ?? null,
    seo_keywords: s.seo_keywords ?? null,
    allow_indexing: s.allow_indexing ?? true,
    support_email: s.support_email ?? null,
    email_footer: s.email_footer ?? null,
    attach_ticket_pdf: s.attach_ticket_pdf ?? true,
    colors: {
      primary: s.colors?.primary ?? null,
      background: s.colors?.background ?? null,
      text: s.colors?.text ?? null,
    },
    attendee_edits_allowed: s.attendee_edits_allowed ?? false,
    attendee_edits_until_hours: s.attendee_edits_until_hours ?? 24,
    transfers_allowed: s.transfers_allowed ?? false,
    transfers_until_hours: s.transfers_until_hours ?? 24,
    max_transfers_per_ticket: s.max_transfers_per_ticket ?? 1,
  };
}

/** The account's event defaults with fallbacks to the account's own time zone and currency. */
export function resolveDefaults(account: {
  timezone: string;
  currency: string;
  event_defaults: Record<string, unknown>;
}): EventDefaults {
  const d = account.event_defaults as Partial<EventDefaults>;
  return {
    timezone: d.timezone ?? account.timezone,
    currency: d.currency ?? account.currency,
    order_timeout_minutes: d.order_timeout_minutes ?? 15,
    attendee_details_mode: d.attendee_details_mode ?? 'PER_TICKET',
    support_email: d.support_email ?? null,
  };
}

/** Payment providers a new event starts with: Stripe when configured, else simulated test payments, else offline. */
export function defaultProviders(config: Config): EventSettings['payment_providers'] {
  if (config.stripe.secretKey) return ['stripe'];
  if (config.testPayments) return ['test'];
  return ['offline'];
}

/** A URL-friendly slug: accents stripped ("Música en Córdoba" → "musica-en-cordoba"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ñ/g, 'n')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'evento';
}
