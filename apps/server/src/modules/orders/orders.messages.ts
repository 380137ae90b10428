import { defineMessages } from '../../lib/i18n.ts';

/** Organizer order errors and the order e-mails sent to buyers and attendees. */
export const ordersMessages = defineMessages({
  es: {
    'orders.refund_pending': 'Este pedido ya tiene una devolución pendiente; espera a que termine.',
    'orders.refund_manual_order': 'Un pedido creado manualmente no se puede devolver.',
    'orders.refund_not_paid': 'Este pedido no tiene ningún pago que devolver.',
    'orders.refund_exceeds': 'No se puede devolver más de lo pagado: quedan {max} por devolver.',
    'orders.refund_amount_positive': 'Indica un importe mayor que cero.',
    'orders.already_cancelled': 'Este pedido ya está cancelado.',
    'orders.not_cancellable': 'Solo se puede cancelar un pedido completado o pendiente de pago.',
    'orders.not_editable': 'Un pedido sin terminar (en curso o abandonado) no se puede editar.',
    'orders.not_resendable': 'Solo se puede reenviar la confirmación de un pedido completado.',
    'orders.attendee_count': 'Indica los datos de {count} asistentes, uno por entrada.',
    'orders.paid_exceeds_total': 'El importe cobrado no puede superar el total del pedido ({total}).',
    'orders.amount_or_complimentary':
      'Indica el importe cobrado, o marca el pedido como invitación si las entradas son gratis.',
    'orders.complimentary_with_amount':
      'Una invitación no se cobra: quita el importe o desmarca «Invitación».',
    'orders.attendee_already_cancelled': 'Este asistente ya está cancelado.',
    'orders.attendee_not_cancelled': 'Este asistente no está cancelado.',
    'orders.attendee_order_not_active':
      'El pedido de este asistente no está completado; no se puede reactivar.',
    'orders.email_cancelled_subject': 'Tu pedido para {event} ha sido cancelado',
    'orders.email_cancelled_heading': 'Pedido cancelado',
    'orders.email_cancelled_intro':
      'Hola {name}, el organizador ha cancelado tu pedido {order} para {event}. Tus entradas ya no son válidas.',
    'orders.email_refunded_subject': 'Te hemos devuelto {amount} de tu pedido para {event}',
    'orders.email_refunded_heading': 'Devolución realizada',
    'orders.email_refunded_intro':
      'Hola {name}, el organizador te ha devuelto {amount} de tu pedido {order} para {event}. Según tu banco, puede tardar unos días en aparecer.',
    'orders.not_awaiting_offline_payment':
      'Solo se puede marcar como pagado un pedido pendiente de pago offline.',
    'orders.email_confirmation_subject': 'Tu pedido para {event}',
    'orders.email_confirmation_heading': '¡Pedido confirmado!',
    'orders.email_confirmation_intro':
      'Hola {name}, gracias por tu compra. Tu pedido {order} para {event} está confirmado.',
    'orders.email_event_when': 'Fecha: {date}.',
    'orders.email_event_where': 'Lugar: {place}.',
    'orders.email_item_line': '{quantity} × {ticket}: {amount}',
    'orders.email_total': 'Total: {amount}',
    'orders.email_view_order': 'Ver pedido y entradas',
    'orders.email_ticket_subject': 'Tu entrada para {event}',
    'orders.email_ticket_heading': 'Tu entrada',
    'orders.email_ticket_intro': 'Hola {name}, {buyer} te ha conseguido una entrada «{ticket}» para {event}.',
    'orders.email_ticket_hint': 'Muestra el código QR de tu entrada en la entrada del evento.',
    'orders.email_ticket_again_intro': 'Hola {name}, aquí tienes tu entrada «{ticket}» para {event}.',
    'orders.email_view_ticket': 'Ver mi entrada',
    'orders.email_offline_subject': 'Pedido pendiente de pago para {event}',
    'orders.email_offline_heading': 'Tu pedido está pendiente de pago',
    'orders.email_offline_intro':
      'Hola {name}, hemos reservado tu pedido {order} para {event}. Se confirmará cuando recibamos el pago de {amount}.',
    'orders.email_offline_instructions': 'Cómo pagar: {instructions}',
    'orders.email_refund_subject': 'Hemos devuelto tu pago para {event}',
    'orders.email_refund_heading': 'Pago devuelto',
    'orders.email_refund_intro':
      'Hola {name}, tu pago de {amount} llegó cuando tu reserva ya había caducado y las entradas se habían agotado. Te lo hemos devuelto íntegramente; no tienes que hacer nada.',
    'orders.email_footer': 'Enviado por Taquilla en nombre de {organizer}.',
  },
  en: {
    'orders.refund_pending': 'This order already has a pending refund; wait until it finishes.',
    'orders.refund_manual_order': 'A manually created order cannot be refunded.',
    'orders.refund_not_paid': 'This order has no payment to refund.',
    'orders.refund_exceeds': 'You cannot refund more than was paid: {max} is left to refund.',
    'orders.refund_amount_positive': 'Enter an amount greater than zero.',
    'orders.already_cancelled': 'This order is already cancelled.',
    'orders.not_cancellable': 'Only a completed order or one awaiting payment can be cancelled.',
    'orders.not_editable': 'An unfinished order (in progress or abandoned) cannot be edited.',
    'orders.not_resendable': 'Only a completed order’s confirmation can be resent.',
    'orders.attendee_count': 'Give the details of {count} attendees, one per ticket.',
    'orders.paid_exceeds_total': 'The amount paid cannot exceed the order total ({total}).',
    'orders.amount_or_complimentary':
      'Enter the amount paid, or mark the order as complimentary if the tickets are free.',
    'orders.complimentary_with_amount':
      'A complimentary order is not paid for: remove the amount or untick «Complimentary».',
    'orders.attendee_already_cancelled': 'This attendee is already cancelled.',
    'orders.attendee_not_cancelled': 'This attendee is not cancelled.',
    'orders.attendee_order_not_active': 'This attendee’s order is not completed; they cannot be reactivated.',
    'orders.email_cancelled_subject': 'Your order for {event} has been cancelled',
    'orders.email_cancelled_heading': 'Order cancelled',
    'orders.email_cancelled_intro':
      'Hi {name}, the organizer has cancelled your order {order} for {event}. Your tickets are no longer valid.',
    'orders.email_refunded_subject': 'We have refunded {amount} of your order for {event}',
    'orders.email_refunded_heading': 'Refund made',
    'orders.email_refunded_intro':
      'Hi {name}, the organizer has refunded {amount} of your order {order} for {event}. Depending on your bank, it may take a few days to show.',
    'orders.not_awaiting_offline_payment': 'Only an order awaiting an offline payment can be marked as paid.',
    'orders.email_confirmation_subject': 'Your order for {event}',
    'orders.email_confirmation_heading': 'Order confirmed!',
    'orders.email_confirmation_intro':
      'Hi {name}, thank you for your purchase. Your order {order} for {event} is confirmed.',
    'orders.email_event_when': 'Date: {date}.',
    'orders.email_event_where': 'Venue: {place}.',
    'orders.email_item_line': '{quantity} × {ticket}: {amount}',
    'orders.email_total': 'Total: {amount}',
    'orders.email_view_order': 'View order and tickets',
    'orders.email_ticket_subject': 'Your ticket for {event}',
    'orders.email_ticket_heading': 'Your ticket',
    'orders.email_ticket_intro': 'Hi {name}, {buyer} got you a "{ticket}" ticket for {event}.',
    'orders.email_ticket_hint': 'Show your ticket QR code at the event entrance.',
    'orders.email_ticket_again_intro': 'Hi {name}, here is your "{ticket}" ticket for {event}.',
    'orders.email_view_ticket': 'View my ticket',
    'orders.email_offline_subject': 'Order awaiting payment for {event}',
    'orders.email_offline_heading': 'Your order is awaiting payment',
    'orders.email_offline_intro':
      'Hi {name}, we have reserved your order {order} for {event}. It will be confirmed once we receive your payment of {amount}.',
    'orders.email_offline_instructions': 'How to pay: {instructions}',
    'orders.email_refund_subject': 'We have refunded your payment for {event}',
    'orders.email_refund_heading': 'Payment refunded',
    'orders.email_refund_intro':
      'Hi {name}, your payment of {amount} arrived after your reservation had expired and the tickets had sold out. We have refunded it in full; there is nothing you need to do.',
    'orders.email_footer': 'Sent by Taquilla on behalf of {organizer}.',
  },
});
