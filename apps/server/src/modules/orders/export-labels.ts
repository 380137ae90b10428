import type { Locale } from '@taquilla/shared';
import { defineMessages, t } from '../../lib/i18n.ts';

/** How exports name statuses and payment methods, in the organizer's language. */
const m = defineMessages({
  'orders.value.RESERVED': 'Reservado',
  'orders.value.COMPLETED': 'Completado',
  'orders.value.AWAITING_OFFLINE_PAYMENT': 'Pendiente de pago offline',
  'orders.value.CANCELLED': 'Cancelado',
  'orders.value.ABANDONED': 'Abandonado',
  'orders.value.NO_PAYMENT_REQUIRED': 'Sin pago',
  'orders.value.AWAITING_PAYMENT': 'Pendiente de pago',
  'orders.value.PAYMENT_FAILED': 'Pago fallido',
  'orders.value.PAYMENT_RECEIVED': 'Pagado',
  'orders.value.REFUND_PENDING': 'Reembolso pendiente',
  'orders.value.REFUND_FAILED': 'Reembolso fallido',
  'orders.value.REFUNDED': 'Reembolsado',
  'orders.value.PARTIALLY_REFUNDED': 'Reembolsado parcialmente',
  'orders.value.ACTIVE': 'Válida',
  'orders.value.test': 'Tarjeta de prueba',
  'orders.value.offline': 'Pago offline',
  'orders.value.stripe': 'Stripe',
  'orders.value.yes': 'Sí',
  'orders.value.no': 'No',
});

/** A status, payment method or yes/no as the organizer reads it; unknown values pass through. */
export function exportLabel(locale: Locale, value: string | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const key = `orders.value.${typeof value === 'boolean' ? (value ? 'yes' : 'no') : value}`;
  return key in m ? t(locale, key) : String(value);
}

/** An answer as one cell: lists joined, checkboxes yes/no. */
export function answerCell(locale: Locale, value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return exportLabel(locale, value);
  return value === null || value === undefined ? '' : String(value);
}
