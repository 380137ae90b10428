import { defineMessages } from '../../lib/i18n.ts';

/** Why an action is refused in the order's (or attendee's) present state: the lifecycle's refusals. */
export const lifecycleMessages = defineMessages({
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
});
