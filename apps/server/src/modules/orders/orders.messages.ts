import { defineMessages } from '../../lib/i18n.ts';

/** Organizer order errors and the order e-mails sent to buyers and attendees. */
export const ordersMessages = defineMessages({
  'orders.refund_exceeds': 'No se puede devolver más de lo pagado: quedan {max} por devolver.',
  'orders.refund_amount_positive': 'Indica un importe mayor que cero.',
  'orders.ticket_required': 'Elige una entrada.',
  'orders.attendee_count':
    'Indica los datos de {count, plural, one {# asistente} other {# asistentes, uno por entrada}}.',
  'orders.paid_exceeds_total': 'El importe cobrado no puede superar el total del pedido ({total}).',
  'orders.amount_or_complimentary':
    'Indica el importe cobrado, o marca el pedido como invitación si las entradas son gratis.',
  'orders.complimentary_with_amount': 'Una invitación no se cobra: quita el importe o desmarca «Invitación».',
  'orders.email_date_changed_subject': '{event} cambia de fecha: tu pedido pasa a la nueva',
  'orders.email_date_changed_heading': 'Cambio de fecha',
  'orders.email_date_changed_intro':
    'Hola {name}: {event} ya no se celebra el {from}. Tu pedido {order} pasa a la nueva fecha y tus entradas siguen valiendo, con los mismos códigos.',
  'orders.email_cancelled_subject': 'Tu pedido para {event} ha sido cancelado',
  'orders.email_cancelled_heading': 'Pedido cancelado',
  'orders.email_cancelled_intro':
    'Hola {name}, el organizador ha cancelado tu pedido {order} para {event}. Tus entradas ya no son válidas.',
  'orders.email_cancelled_refunded':
    'Te devolvemos {amount} por el mismo medio con el que pagaste. Según tu banco, suele tardar entre 5 y 10 días hábiles en aparecer.',
  'orders.email_cancelled_not_refunded':
    'Lo que pagaste no se devuelve automáticamente: el organizador se pondrá en contacto contigo. Si tienes dudas, responde a este correo.',
  'orders.email_cancelled_nothing_to_pay': 'No tienes nada que pagar.',
  'orders.email_refunded_amount':
    'Importe devuelto: {amount}. Según tu banco, puede tardar unos días en aparecer.',
  'orders.email_refunded_order_cancelled':
    'Tu pedido también se ha cancelado: tus entradas ya no son válidas.',
  'orders.email_offline_amount': 'Importe a pagar: {amount}.',
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
});
