import { defineMessages } from '../../lib/i18n.ts';

export const waitingRoomMessages = defineMessages({
  'waiting_room.opens_at_invalid': 'Indica una fecha y hora de apertura válidas.',
  'waiting_room.rate_invalid': 'Indica cuántas personas pasan por minuto: un número entero entre 1 y 60.000.',
  'waiting_room.rate_limited':
    'Demasiadas entradas en la cola desde tu conexión. Espera un momento y vuelve a probar.',
  'waiting_room.not_in_line': 'Este dispositivo no está en la cola de este evento.',
  'waiting_room.pass_required':
    'La venta de este evento tiene sala de espera: entra en la cola y te avisaremos cuando sea tu turno. {url}',
  'waiting_room.pass_invalid':
    'Tu pase de la sala de espera no es válido en este dispositivo. Vuelve a la cola: {url}',
  'waiting_room.pass_expired': 'Tu turno ha caducado. Vuelve a la cola: {url}',
  'waiting_room.pass_used':
    'Ya usaste tu turno para reservar. Si quieres más entradas, vuelve a la cola: {url}',
  // The queue page.
  'waiting_room.page_title': 'Cola de espera · {event}',
  'waiting_room.heading': 'Estás en la cola',
  'waiting_room.pre_queue_heading': 'Estás en la cola previa',
  'waiting_room.pre_queue_body':
    'La venta abre el {opens}. A esa hora se sorteará el orden de todas las personas que ya estén aquí: llegar antes no da ventaja, y no hace falta recargar.',
  'waiting_room.in_pre_queue':
    '{count, plural, one {# persona espera} other {# personas esperan}} la apertura.',
  'waiting_room.position': 'Tu posición: {position}',
  'waiting_room.ahead':
    '{count, plural, =0 {Eres la siguiente persona.} one {Tienes # persona delante.} other {Tienes # personas delante.}}',
  'waiting_room.estimate':
    'Tiempo estimado: {minutes, plural, =0 {menos de un minuto} one {unos # minuto} other {unos # minutos}}.',
  'waiting_room.paused': 'La entrada está en pausa por ahora. Mantendrás tu posición.',
  'waiting_room.keep_open':
    'Deja esta página abierta: se actualiza sola y guarda tu sitio aunque la recargues.',
  'waiting_room.admitted_heading': '¡Es tu turno!',
  'waiting_room.admitted_body': 'Tienes hasta las {until} para reservar tus entradas.',
  'waiting_room.buy': 'Comprar entradas',
  'waiting_room.expired_heading': 'Tu turno ha caducado',
  'waiting_room.expired_body': 'No reservaste a tiempo. Puedes volver a la cola: entrarás al final.',
  'waiting_room.used_heading': 'Ya usaste tu turno',
  'waiting_room.used_body': 'Si quieres más entradas, vuelve a la cola: entrarás al final.',
  'waiting_room.rejoin': 'Volver a la cola',
  'waiting_room.closed_heading': 'Entradas agotadas',
  'waiting_room.closed_body': 'Se han vendido todas las entradas y la cola se ha cerrado.',
  'waiting_room.waitlist': 'Apúntate a la lista de espera',
  'waiting_room.off_heading': 'La venta está abierta',
  'waiting_room.back_to_event': 'Ir al evento',
});
