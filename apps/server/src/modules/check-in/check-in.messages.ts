import { defineMessages } from '../../lib/i18n.ts';

export const checkInMessages = defineMessages({
  es: {
    'check_in.name_required': 'Indica el nombre de la lista.',
    'check_in.name_too_long': 'El nombre debe tener menos de 150 caracteres.',
    'check_in.unknown_ticket': 'Alguna de las entradas elegidas no pertenece a este evento.',
    'check_in.window_order': 'La caducidad debe ser posterior a la activación.',
    'check_in.list_unavailable': 'La lista de control de acceso ha caducado, no está activa o no existe.',
    'check_in.code_required': 'Indica el código de la entrada.',
    'check_in.attendee_not_found': 'No hay ninguna entrada de este evento con ese código.',
    'check_in.attendee_cancelled': 'Esta entrada está cancelada: no puede entrar.',
    'check_in.attendee_awaiting_payment': 'Esta entrada aún no está pagada: no puede entrar.',
    'check_in.ticket_not_covered': 'Esta lista no admite la entrada «{ticket}».',
    'check_in.already_checked_in': '{name} ya registró su entrada el {date} a las {time}.',
    'check_in.not_checked_in': 'Este asistente no tiene la entrada registrada en esta lista.',
    'check_in.rate_limited': 'Demasiados intentos seguidos. Espera un momento y vuelve a probar.',
    'check_in.admitted': '{name}: entrada registrada.',
    'check_in.conflict_recorded':
      'Esta lectura sin conexión no se ha podido aceptar; queda anotada para el organizador.',
    'check_in.bad_version': 'La versión de los datos no es válida.',
  },
  en: {
    'check_in.name_required': 'Enter the list’s name.',
    'check_in.name_too_long': 'The name must be under 150 characters.',
    'check_in.unknown_ticket': 'One of the chosen tickets does not belong to this event.',
    'check_in.window_order': 'The expiry must be after the activation.',
    'check_in.list_unavailable': 'Check-in list expired, not active or not found.',
    'check_in.code_required': 'Enter the ticket’s code.',
    'check_in.attendee_not_found': 'No ticket of this event has that code.',
    'check_in.attendee_cancelled': 'This ticket is cancelled: entry refused.',
    'check_in.attendee_awaiting_payment': 'This ticket is not paid yet: entry refused.',
    'check_in.ticket_not_covered': 'This list does not admit the “{ticket}” ticket.',
    'check_in.already_checked_in': '{name} already checked in on {date} at {time}.',
    'check_in.not_checked_in': 'This attendee is not checked in on this list.',
    'check_in.rate_limited': 'Too many attempts in a row. Wait a moment and try again.',
    'check_in.admitted': '{name}: checked in.',
    'check_in.conflict_recorded':
      'This offline scan could not be accepted; it is recorded for the organizer.',
    'check_in.bad_version': 'The data version is not valid.',
  },
});
