/** Enumerations of the domain (DESIGN §1). One list, used by the DB schema, the API schemas and the web. */
export const USER_ROLES = ['ADMIN', 'ORGANIZER', 'FINANCE', 'DOOR', 'READ_ONLY'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * What a member may do: the names the server's guards check and `GET users/me` lists. Which role holds
 * which is the server's table (apps/server/src/lib/permissions.ts), never decided here or in the web.
 */
export const PERMISSIONS = [
  /** See events and what they are made of (tickets, capacities, promo codes, questions, organizers…). */
  'events:read',
  /** Create and change events and everything under them, and write to their buyers. */
  'events:manage',
  /** See orders, attendees, waiting lists and messages: buyers' personal data. */
  'orders:read',
  /** Manual orders, order and attendee edits, marking paid, cancelling, resending, waiting-list offers. */
  'orders:manage',
  /** Refund money. */
  'orders:refund',
  /** Download orders, attendees and waiting lists as files (personal data leaving the system). */
  'orders:export',
  /** Sales figures: event statistics and promoters' sales. */
  'reports:read',
  /** See check-in lists (their door links) and the door's figures. */
  'check-in:read',
  /** Create, change and delete check-in lists. */
  'check-in:manage',
  /** The team: invite, edit, deactivate members. */
  'users:manage',
  /** The account's settings and its event defaults. */
  'account:manage',
  /** The account's taxes and fees (reading them is `events:read`). */
  'taxes:manage',
  /** Payment settings, Stripe Connect, and each event's payment methods and offline instructions. */
  'payments:manage',
  /** Invoicing settings: the issuer's details, series and numbering, VAT regime. */
  'invoices:manage',
  /** Export or erase everything held about one person, and how long past events' personal data is kept. */
  'privacy:manage',
  /** The account's audit trail: who changed what, when and from where; its export and retention. */
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ACCOUNT_USER_STATUSES = ['ACTIVE', 'INVITED', 'INACTIVE'] as const;
export type AccountUserStatus = (typeof ACCOUNT_USER_STATUSES)[number];

export const EVENT_STATUSES = ['DRAFT', 'LIVE', 'ARCHIVED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_LIFECYCLES = ['upcoming', 'ongoing', 'ended'] as const;
export type EventLifecycle = (typeof EVENT_LIFECYCLES)[number];

export const TICKET_TYPES = ['TICKET'] as const;
export const TICKET_PRICE_TYPES = ['PAID', 'FREE', 'DONATION', 'TIERED'] as const;
export type TicketPriceType = (typeof TICKET_PRICE_TYPES)[number];

export const PROMO_DISCOUNT_TYPES = ['NONE', 'FIXED', 'PERCENTAGE'] as const;
export type PromoDiscountType = (typeof PROMO_DISCOUNT_TYPES)[number];

export const TAX_TYPES = ['TAX', 'FEE'] as const;
export const TAX_CALCULATIONS = ['PERCENTAGE', 'FIXED'] as const;

export const QUESTION_TYPES = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'CHECKBOX',
  'RADIO',
  'DROPDOWN',
  'MULTI_SELECT',
  'DATE',
  'PHONE',
  'ADDRESS',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_BELONGS_TO = ['ORDER', 'ATTENDEE'] as const;

export const ORDER_STATUSES = [
  'RESERVED',
  'COMPLETED',
  'AWAITING_OFFLINE_PAYMENT',
  'CANCELLED',
  'ABANDONED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = [
  'NO_PAYMENT_REQUIRED',
  'AWAITING_PAYMENT',
  'PAYMENT_FAILED',
  'PAYMENT_RECEIVED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const REFUND_STATUSES = ['REFUND_PENDING', 'REFUND_FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/**
 * The `reason` of a refund made without an organizer asking: the payment came after the reservation
 * expired and the units were gone, or the order had been paid already.
 */
export const AUTOMATIC_REFUND_REASONS = ['LATE_PAYMENT', 'DUPLICATE_PAYMENT'] as const;
export type AutomaticRefundReason = (typeof AUTOMATIC_REFUND_REASONS)[number];

export const ATTENDEE_STATUSES = ['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['test', 'offline', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const ATTENDEE_DETAILS_MODES = ['PER_TICKET', 'PER_ORDER'] as const;
export const IMAGE_TYPES = ['EVENT_COVER', 'ORGANIZER_LOGO'] as const;
/**
 * The languages of the interface, e-mails, exports, the widget and the door: the one list every end
 * reads (add a language here, then its catalogs). Spanish is the default and the source language.
 */
export const SUPPORTED_LOCALES = ['es', 'en', 'ca'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';
/** Each language named in itself (language switches), and its Open Graph `og:locale`. */
export const LOCALE_INFO: Record<Locale, { label: string; ogLocale: string }> = {
  es: { label: 'Español', ogLocale: 'es_ES' },
  en: { label: 'English', ogLocale: 'en_GB' },
  ca: { label: 'Català', ogLocale: 'ca_ES' },
};
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
