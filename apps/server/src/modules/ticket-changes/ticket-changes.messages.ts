import { defineMessages } from '../../lib/i18n.ts';

export const ticketChangesMessages = defineMessages({
  'ticket_changes.hours_invalid': 'Indica un número entero de horas entre 0 y 8760.',
  'ticket_changes.max_transfers_invalid': 'Indica un número entero de transferencias entre 1 y 20.',
  'ticket_changes.name_length': 'Debe tener entre 1 y 50 caracteres.',
  'ticket_changes.email_invalid': 'Indica un correo electrónico válido.',
  'ticket_changes.edits_off': 'El organizador no permite cambiar los datos de las entradas de este evento.',
  'ticket_changes.edit_deadline':
    'Ya no se pueden cambiar los datos de esta entrada: el plazo terminó el {date} a las {time}.',
  'ticket_changes.transfers_off': 'El organizador no permite transferir las entradas de este evento.',
  'ticket_changes.transfer_deadline':
    'Ya no se puede transferir esta entrada: el plazo terminó el {date} a las {time}.',
  'ticket_changes.transfer_limit':
    'Esta entrada ya se ha transferido {count, plural, one {# vez} other {# veces}}, el máximo que permite el organizador.',
  'ticket_changes.checked_in': 'Esta entrada ya se ha usado para entrar: no se puede transferir.',
  'ticket_changes.not_active': 'Solo se puede transferir una entrada pagada y activa.',
  'ticket_changes.details_saved': 'Datos guardados.',
  'ticket_changes.field_first_name': 'Nombre',
  'ticket_changes.field_last_name': 'Apellidos',
  'ticket_changes.same_holder': 'La entrada ya es de esta persona.',
  'ticket_changes.email_to_subject': '{from} te ha enviado una entrada para {event}',
  'ticket_changes.email_to_heading': 'Tienes una entrada',
  'ticket_changes.email_to_intro':
    'Hola, {name}: {from} te ha transferido su entrada «{ticket}» para {event}. Este es tu nuevo código: enséñalo en la entrada.',
  'ticket_changes.email_to_button': 'Ver mi entrada',
  'ticket_changes.email_from_subject': 'Has transferido tu entrada para {event}',
  'ticket_changes.email_from_heading': 'Entrada transferida',
  'ticket_changes.email_from_intro':
    'Hola, {name}: tu entrada «{ticket}» para {event} es ahora de {to}. Tu código anterior ya no sirve para entrar.',
  'ticket_changes.find_rate_limited': 'Demasiadas solicitudes. Vuelve a probar dentro de {minutes} minutos.',
  'ticket_changes.find_sent':
    'Si hay entradas compradas con esta dirección, te hemos enviado un enlace para verlas. Caduca en 30 minutos.',
  'ticket_changes.find_link_invalid': 'Este enlace ha caducado o ya se ha usado. Pide uno nuevo.',
  'ticket_changes.find_email_subject': 'Tus entradas de {organizer}',
  'ticket_changes.find_email_heading': 'Tus entradas',
  'ticket_changes.find_email_intro':
    'Has pedido ver las entradas compradas con esta dirección a {organizer}. El enlace sirve una vez y caduca en 30 minutos.',
  'ticket_changes.find_email_button': 'Ver mis entradas',
  'ticket_changes.find_email_ignore':
    'Si no lo has pedido tú, no hagas nada: nadie más puede usar este enlace.',
});
