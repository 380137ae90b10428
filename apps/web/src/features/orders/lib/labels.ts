import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AutomaticRefundReason } from '@taquilla/shared';

const PROVIDERS = {
  test: msg`Tarjeta de prueba`,
  offline: msg`Pago offline`,
  stripe: msg`Stripe`,
};

/** How a payment provider is named to the organizer. */
export const providerLabel = (provider: string | null, i18n: I18n) =>
  provider && provider in PROVIDERS
    ? i18n._(PROVIDERS[provider as keyof typeof PROVIDERS])
    : (provider ?? '—');

const AUTOMATIC_REFUNDS: Record<AutomaticRefundReason, MessageDescriptor> = {
  LATE_PAYMENT: msg`Devuelto automáticamente: el pago llegó cuando la reserva había caducado y las entradas se habían agotado`,
  DUPLICATE_PAYMENT: msg`Devuelto automáticamente: el pedido ya estaba pagado`,
};

/** A refund's reason as the organizer reads it: the one they wrote, or why Taquilla refunded by itself. */
export const refundReasonLabel = (reason: string | null, i18n: I18n) =>
  reason && reason in AUTOMATIC_REFUNDS ? i18n._(AUTOMATIC_REFUNDS[reason as AutomaticRefundReason]) : reason;
