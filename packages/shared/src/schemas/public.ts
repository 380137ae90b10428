/**
 * Response shapes of the public (buyer) API: the contract between the server's public read model and
 * checkout, and the public web pages. Amounts are integer minor units of `currency`.
 */
import type {
  AttendeeStatus,
  OrderStatus,
  PaymentProvider,
  PaymentStatus,
  PromoDiscountType,
  RefundStatus,
  TicketPriceType,
} from '../enums.ts';

export type SaleState = 'ON_SALE' | 'NOT_STARTED' | 'ENDED' | 'SOLD_OUT';

export interface PublicTaxOrFee {
  id: string;
  name: string;
  type: 'TAX' | 'FEE';
  calculation: 'PERCENTAGE' | 'FIXED';
  /** Basis points for PERCENTAGE (2100 = 21 %), minor units for FIXED. */
  value: number;
}

export interface PublicPrice {
  id: string;
  label: string | null;
  /** For DONATION tickets, the minimum. */
  price_cents: number;
  sale_state: SaleState;
  sale_start_date: string | null;
  sale_end_date: string | null;
  /** Units left for this tier (after every limit), null when unlimited. */
  quantity_remaining: number | null;
}

export interface PublicTicket {
  id: string;
  name: string;
  description: string | null;
  price_type: TicketPriceType;
  min_per_order: number;
  max_per_order: number;
  sale_state: SaleState;
  sale_start_date: string | null;
  sale_end_date: string | null;
  show_quantity_remaining: boolean;
  /** Sold out → the page offers to join the waiting list instead of the stepper. */
  waitlist_enabled: boolean;
  /** Units left for the ticket (min over tiers, ticket-level and capacity limits), null when unlimited. */
  quantity_remaining: number | null;
  prices: PublicPrice[];
  taxes_and_fees: PublicTaxOrFee[];
  /** True when shown only because the promo code in the request unlocks it. */
  unlocked_by_promo_code: boolean;
}

export interface PublicQuestion {
  id: string;
  title: string;
  description: string | null;
  type: string;
  belongs_to: 'ORDER' | 'ATTENDEE';
  ticket_ids: string[];
  options: string[];
  required: boolean;
}

export interface PublicImage {
  url: string;
  width: number;
  height: number;
  /** WebP variants, smallest first. */
  srcset: { width: number; url: string }[];
}

export interface PublicEvent {
  id: string;
  slug: string;
  name: string;
  /** Sanitized HTML. */
  description: string | null;
  status: 'LIVE';
  start_date: string;
  end_date: string | null;
  timezone: string;
  currency: string;
  location: Record<string, string | undefined>;
  organizer: { id: string; name: string; website: string | null; email: string | null };
  cover: PublicImage | null;
  order_timeout_minutes: number;
  settings: {
    attendee_details_mode: 'PER_TICKET' | 'PER_ORDER';
    payment_providers: PaymentProvider[];
    offline_payment_instructions: string | null;
    post_checkout_message: string | null;
    allow_indexing: boolean;
    seo_title: string | null;
    seo_description: string | null;
    seo_keywords: string | null;
    support_email: string | null;
    /** Homepage designer colours when set (hex). */
    colors?: { primary?: string; background?: string; text?: string };
  };
  tickets: PublicTicket[];
  questions: PublicQuestion[];
  /** The promo code sent in the request, when it is valid for this event. */
  promo_code: {
    code: string;
    discount_type: PromoDiscountType;
    discount: number;
    ticket_ids: string[];
  } | null;
}

export interface PublicOrderItem {
  id: string;
  ticket_id: string;
  price_id: string;
  ticket_name: string;
  price_label: string | null;
  quantity: number;
  unit_price_cents: number;
  unit_discount_cents: number;
  taxes_cents: number;
  fees_cents: number;
  total_cents: number;
}

export interface PublicAttendee {
  short_id: string;
  first_name: string;
  last_name: string;
  email: string;
  ticket_id: string;
  ticket_name: string;
  price_label: string | null;
  status: AttendeeStatus;
  /** SVG of the QR code (present once the order is completed or awaiting offline payment). */
  qr_svg?: string;
}

export interface PublicOrder {
  short_id: string;
  event_id: string;
  status: OrderStatus;
  payment_status: PaymentStatus | null;
  refund_status: RefundStatus | null;
  payment_provider: PaymentProvider | null;
  reserved_until: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  taxes_cents: number;
  fees_cents: number;
  total_cents: number;
  promo_code: string | null;
  items: PublicOrderItem[];
  attendees: PublicAttendee[];
  created_at: string;
  completed_at: string | null;
}
