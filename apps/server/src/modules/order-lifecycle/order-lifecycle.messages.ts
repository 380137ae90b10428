import { defineMessages } from '../../lib/i18n.ts';

/** Why an action is refused in the order's (or attendee's) present state: the lifecycle's refusals. */
export const lifecycleMessages = defineMessages({
  es: {
    'orders.refund_pending': 'Este pedido ya tiene una devolución pendiente; espera a que termine.',
    'orders.refund_manual_order': 'Un pedido creado manualmente no se puede devolver.',
    'orders.refund_not_paid': 'Este pedido no tiene ningún pago que devolver.',
    'orders.already_cancelled': 'Este pedido ya está cancelado.',
    'orders.not_cancellable': 'Solo se puede cancelar un pedido completado o pendiente de pago.',
    'orders.not_editable': 'Un pedido sin terminar (en curso o abandonado) no se puede editar.',
    'orders.not_resendable': 'Solo se puede reenviar la confirmación de un pedido completado.',
    'orders.attendee_already_cancelled': 'Este asistente ya está cancelado.',
    'orders.attendee_not_cancelled': 'Este asistente no está cancelado.',
    'orders.attendee_order_not_active':
      'El pedido de este asistente no está completado; no se puede reactivar.',
    'orders.not_awaiting_offline_payment':
      'Solo se puede marcar como pagado un pedido pendiente de pago offline.',
    'attendees.cancelled': 'Esta entrada está cancelada: no se puede reenviar.',
  },
  en: {
    'orders.refund_pending': 'This order already has a pending refund; wait until it finishes.',
    'orders.refund_manual_order': 'A manually created order cannot be refunded.',
    'orders.refund_not_paid': 'This order has no payment to refund.',
    'orders.already_cancelled': 'This order is already cancelled.',
    'orders.not_cancellable': 'Only a completed order or one awaiting payment can be cancelled.',
    'orders.not_editable': 'An unfinished order (in progress or abandoned) cannot be edited.',
    'orders.not_resendable': 'Only a completed order’s confirmation can be resent.',
    'orders.attendee_already_cancelled': 'This attendee is already cancelled.',
    'orders.attendee_not_cancelled': 'This attendee is not cancelled.',
    'orders.attendee_order_not_active': 'This attendee’s order is not completed; they cannot be reactivated.',
    'orders.not_awaiting_offline_payment': 'Only an order awaiting an offline payment can be marked as paid.',
    'attendees.cancelled': 'This ticket is cancelled: it cannot be resent.',
  },
});
