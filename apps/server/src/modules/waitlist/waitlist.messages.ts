import { defineMessages } from '../../lib/i18n.ts';

export const waitlistMessages = defineMessages({
  'waitlist.name_required': 'Indica tu nombre.',
  'waitlist.email_invalid': 'Indica un correo electrónico válido.',
  'waitlist.consent_required': 'Debes aceptar que te escribamos si quedan entradas libres.',
  'waitlist.offer_duration': 'Una oferta dura entre 15 minutos y 14 días (336 horas).',
  'waitlist.not_available': 'Esta entrada no tiene lista de espera.',
  'waitlist.date_required': 'Elige la fecha para la que quieres esperar.',
  'waitlist.date_not_expected': 'Este evento no tiene fechas: no indiques ninguna.',
  'waitlist.not_sold_out': 'Aún quedan entradas: puedes comprarlas ahora.',
  'waitlist.quantity_range': 'Puedes pedir entre {min} y {max, plural, one {# entrada} other {# entradas}}.',
  'waitlist.rate_limited': 'Demasiadas inscripciones seguidas. Espera un momento y vuelve a probar.',
  'waitlist.not_waiting': 'Esta persona ya no está esperando.',
  'waitlist.no_units': 'No quedan entradas libres para ofrecer.',
  'waitlist.link_invalid': 'El enlace no es válido.',
  'waitlist.email_joined_subject': 'Estás en la lista de espera de {event}',
  'waitlist.email_joined_heading': 'Estás en la lista de espera',
  'waitlist.email_joined_body':
    'Hola {name}: te avisaremos por correo, por orden de inscripción, si {quantity, plural, one {queda libre # entrada} other {quedan libres # entradas}} de «{ticket}» para {event}.',
  'waitlist.email_leave': 'Salir de la lista de espera',
  'waitlist.email_offer_subject':
    '{quantity, plural, one {Tu entrada} other {Tus entradas}} para {event} te {quantity, plural, one {espera} other {esperan}}',
  'waitlist.email_offer_heading':
    '{quantity, plural, one {Ha quedado una entrada libre} other {Han quedado entradas libres}} para ti',
  'waitlist.email_offer_body':
    'Hola {name}: te guardamos {quantity, plural, one {# entrada} other {# entradas}} de «{ticket}» para {event} hasta el {until}. Después {quantity, plural, one {pasará} other {pasarán}} a la siguiente persona de la lista.',
  'waitlist.email_offer_until':
    'Te {quantity, plural, one {guardamos la entrada} other {guardamos las entradas}} hasta el {until}.',
  'waitlist.email_offer_button': '{quantity, plural, one {Comprar mi entrada} other {Comprar mis entradas}}',
  'waitlist.sheet_name': 'Lista de espera',
  'waitlist.csv_header':
    'Posición,Estado,Nombre,Apellidos,Correo,Entrada,Tarifa,Fecha,Cantidad,Idioma,Inscripción,Oferta,Oferta caduca,Pedido',
});
