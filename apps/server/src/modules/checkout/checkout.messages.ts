import { defineMessages } from '../../lib/i18n.ts';

/** Buyer-facing errors of the order flow (spec §8 wording) and the checkout e-mails. */
export const checkoutMessages = defineMessages({
  'checkout.rate_limited':
    'Demasiadas reservas desde tu conexión. Espera {minutes} min y vuelve a intentarlo.',
  'checkout.holder_limit':
    'Ya tienes {held, plural, one {# entrada reservada} other {# entradas reservadas}} de este evento desde tu conexión. Termina esa compra o libérala antes de reservar más.',
  'checkout.event_unavailable': 'Este evento no está disponible.',
  'checkout.order_not_found': 'Este pedido ya no existe.',
  'checkout.order_expired': 'Tu pedido ha caducado. Empieza un pedido nuevo.',
  'checkout.order_not_payable': 'Este pedido ya no admite cambios.',
  'checkout.already_extended': 'Ya has pedido más tiempo una vez para este pedido.',
  'checkout.details_required': 'Completa tus datos antes de pagar.',
  'checkout.sold_out': 'No quedan entradas suficientes de «{ticket}».',
  'checkout.promo_code_invalid': 'El código promocional no es válido o no se reconoce.',
  'checkout.date_required': 'Elige una fecha.',
  'checkout.date_not_expected': 'Este evento no tiene fechas: no indiques ninguna.',
  'checkout.date_unknown': 'Esta fecha no es de este evento.',
  'checkout.date_not_on_sale': 'Esta fecha no está a la venta.',
  'checkout.date_started': 'Esta fecha ya ha empezado.',
  'checkout.ticket_unavailable': 'Esta entrada no está a la venta.',
  'checkout.sale_not_started': 'La venta de esta entrada aún no ha empezado.',
  'checkout.sale_ended': 'La venta de esta entrada ha terminado.',
  'checkout.min_per_order': 'Elige al menos {min} de «{ticket}».',
  'checkout.max_per_order': 'Puedes elegir como máximo {max} de «{ticket}».',
  'checkout.donation_minimum': 'La aportación mínima es {amount}.',
  'checkout.total_too_large': 'El importe del pedido es demasiado alto. Reduce la cantidad o la aportación.',
  'checkout.amount_not_allowed': 'El precio lo calcula el servidor; no se puede indicar un importe.',
  'checkout.duplicate_line': 'Cada entrada y precio solo puede aparecer una vez.',
  'checkout.email_mismatch': 'Los correos electrónicos no coinciden.',
  'checkout.attendee_count': 'Indica los datos de {count, plural, one {# asistente} other {# asistentes}}.',
  'checkout.attendee_ticket': 'Los asistentes no coinciden con las entradas del pedido.',
  'checkout.provider_unavailable': 'Este método de pago no está disponible para este evento.',
  'checkout.payment_failed': 'El pago ha fallado. Revisa los datos o prueba con otra tarjeta.',
  'checkout.payment_not_processed': 'No se ha podido procesar el pago. Inténtalo de nuevo.',
  'checkout.card_invalid': 'El número de tarjeta no es válido.',
  'checkout.no_payment_required': 'Este pedido es gratuito y no necesita pago.',
});
