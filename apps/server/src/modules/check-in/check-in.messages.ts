import { defineMessages } from '../../lib/i18n.ts';

export const checkInMessages = defineMessages({
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
  'check_in.list_opens_later': 'Esta lista de control de acceso se abre el {when} (hora de {timezone}).',
  'check_in.conflict_used_at_desk':
    '{name} ya había entrado el {date} a las {time}, registrado desde la oficina. Esta lectura sin conexión queda anotada para el organizador.',
  'check_in.conflict_used_at_door':
    '{name} ya había entrado el {date} a las {time} por otro dispositivo de la lista «{list}». Esta lectura sin conexión queda anotada para el organizador.',
  'check_in.conflict_refused': '{reason} Esta lectura sin conexión queda anotada para el organizador.',
  'check_in.ticket_transferred': 'Esta entrada se transfirió a otra persona: este código ya no es válido.',
  'check_in.bad_version': 'La versión de los datos no es válida.',
  'check_in.unknown_date': 'Elige una de las fechas de este evento.',
  'check_in.wrong_date': 'Esta entrada es para el {ticket_date}; esta lista es del {list_date}.',
  'check_in.wrong_date_undated': 'Esta entrada no tiene fecha; esta lista es solo del {list_date}.',
});
