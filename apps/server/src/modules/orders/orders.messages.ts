import { defineMessages } from '../../lib/i18n.ts';

/** Organizer order errors and the order e-mails sent to buyers and attendees. */
export const ordersMessages = defineMessages({
  es: {
    'orders.refund_exceeds': 'No se puede devolver más de lo pagado: quedan {max} por devolver.',
    'orders.refund_amount_positive': 'Indica un importe mayor que cero.',
    'orders.attendee_count': 'Indica los datos de {count} asistentes, uno por entrada.',
    'orders.paid_exceeds_total': 'El importe cobrado no puede superar el total del pedido ({total}).',
    'orders.amount_or_complimentary':
      'Indica el importe cobrado, o marca el pedido como invitación si las entradas son gratis.',
    'orders.complimentary_with_amount':
      'Una invitación no se cobra: quita el importe o desmarca «Invitación».',
    'orders.email_cancelled_subject': 'Tu pedido para {event} ha sido cancelado',
    'orders.email_cancelled_heading': 'Pedido cancelado',
    'orders.email_cancelled_intro':
      'Hola {name}, el organizador ha cancelado tu pedido {order} para {event}. Tus entradas ya no son válidas.',
    'orders.email_refunded_subject': 'Te hemos devuelto {amount} de tu pedido para {event}',
    'orders.email_refunded_heading': 'Devolución realizada',
    'orders.email_refunded_intro':
      'Hola {name}, el organizador te ha devuelto {amount} de tu pedido {order} para {event}. Según tu banco, puede tardar unos días en aparecer.',
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
    'orders.email_duplicate_refund_intro':
      'Hola {name}, tu pedido {order} se pagó dos veces. Te hemos devuelto el pago repetido de {amount}; tu pedido y tus entradas siguen siendo válidos.',
    'orders.email_footer': 'Enviado por Taquilla en nombre de {organizer}.',
  },
  en: {
    'orders.refund_exceeds': 'You cannot refund more than was paid: {max} is left to refund.',
    'orders.refund_amount_positive': 'Enter an amount greater than zero.',
    'orders.attendee_count': 'Give the details of {count} attendees, one per ticket.',
    'orders.paid_exceeds_total': 'The amount paid cannot exceed the order total ({total}).',
    'orders.amount_or_complimentary':
      'Enter the amount paid, or mark the order as complimentary if the tickets are free.',
    'orders.complimentary_with_amount':
      'A complimentary order is not paid for: remove the amount or untick «Complimentary».',
    'orders.email_cancelled_subject': 'Your order for {event} has been cancelled',
    'orders.email_cancelled_heading': 'Order cancelled',
    'orders.email_cancelled_intro':
      'Hi {name}, the organizer has cancelled your order {order} for {event}. Your tickets are no longer valid.',
    'orders.email_refunded_subject': 'We have refunded {amount} of your order for {event}',
    'orders.email_refunded_heading': 'Refund made',
    'orders.email_refunded_intro':
      'Hi {name}, the organizer has refunded {amount} of your order {order} for {event}. Depending on your bank, it may take a few days to show.',
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
    'orders.email_duplicate_refund_intro':
      'Hi {name}, your order {order} was paid twice. We have refunded the repeated payment of {amount}; your order and tickets remain valid.',
    'orders.email_footer': 'Sent by Taquilla on behalf of {organizer}.',
  },
});
