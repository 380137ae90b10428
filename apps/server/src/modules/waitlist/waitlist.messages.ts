import { defineMessages } from '../../lib/i18n.ts';

export const waitlistMessages = defineMessages({
  es: {
    'waitlist.name_required': 'Indica tu nombre.',
    'waitlist.email_invalid': 'Indica un correo electrónico válido.',
    'waitlist.consent_required': 'Debes aceptar que te escribamos si quedan entradas libres.',
    'waitlist.not_available': 'Esta entrada no tiene lista de espera.',
    'waitlist.not_sold_out': 'Aún quedan entradas: puedes comprarlas ahora.',
    'waitlist.quantity_range': 'Puedes pedir entre {min} y {max} entradas.',
    'waitlist.rate_limited': 'Demasiadas inscripciones seguidas. Espera un momento y vuelve a probar.',
    'waitlist.not_waiting': 'Esta persona ya no está esperando.',
    'waitlist.no_units': 'No quedan entradas libres para ofrecer.',
    'waitlist.link_invalid': 'El enlace no es válido.',
    'waitlist.email_joined_subject': 'Estás en la lista de espera de {event}',
    'waitlist.email_joined_heading': 'Estás en la lista de espera',
    'waitlist.email_joined_body':
      'Hola {name}: te avisaremos por correo si quedan libres {quantity} entradas de «{ticket}» para {event}, por orden de inscripción.',
    'waitlist.email_leave': 'Salir de la lista de espera',
    'waitlist.email_offer_subject': 'Tus entradas para {event} te esperan',
    'waitlist.email_offer_heading': 'Han quedado entradas libres para ti',
    'waitlist.email_offer_body':
      'Hola {name}: te guardamos {quantity} entradas de «{ticket}» para {event} hasta el {until}. Después pasarán a la siguiente persona de la lista.',
    'waitlist.email_offer_button': 'Comprar mis entradas',
    'waitlist.sheet_name': 'Lista de espera',
    'waitlist.csv_header':
      'Posición,Estado,Nombre,Apellidos,Correo,Entrada,Tarifa,Cantidad,Idioma,Inscripción,Oferta,Oferta caduca,Pedido',
  },
  en: {
    'waitlist.name_required': 'Enter your name.',
    'waitlist.email_invalid': 'Enter a valid e-mail address.',
    'waitlist.consent_required': 'You must agree to be e-mailed if tickets become available.',
    'waitlist.not_available': 'This ticket has no waiting list.',
    'waitlist.not_sold_out': 'There are tickets left: you can buy them now.',
    'waitlist.quantity_range': 'You can ask for {min} to {max} tickets.',
    'waitlist.rate_limited': 'Too many sign-ups in a row. Wait a moment and try again.',
    'waitlist.not_waiting': 'This person is no longer waiting.',
    'waitlist.no_units': 'There are no free tickets to offer.',
    'waitlist.link_invalid': 'The link is not valid.',
    'waitlist.email_joined_subject': 'You are on the waiting list for {event}',
    'waitlist.email_joined_heading': 'You are on the waiting list',
    'waitlist.email_joined_body':
      'Hi {name}: we will e-mail you if {quantity} tickets of “{ticket}” for {event} become available, in order of sign-up.',
    'waitlist.email_leave': 'Leave the waiting list',
    'waitlist.email_offer_subject': 'Your tickets for {event} are waiting',
    'waitlist.email_offer_heading': 'Tickets became available for you',
    'waitlist.email_offer_body':
      'Hi {name}: we are holding {quantity} tickets of “{ticket}” for {event} for you until {until}. After that they go to the next person on the list.',
    'waitlist.email_offer_button': 'Buy my tickets',
    'waitlist.sheet_name': 'Waiting list',
    'waitlist.csv_header':
      'Position,State,First name,Last name,E-mail,Ticket,Tier,Quantity,Language,Signed up,Offered,Offer expires,Order',
  },
});
