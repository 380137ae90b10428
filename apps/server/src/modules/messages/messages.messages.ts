import { defineMessages } from '../../lib/i18n.ts';

export const messagesMessages = defineMessages({
  'messages.subject_required': 'Escribe el asunto del mensaje.',
  'messages.subject_too_long': 'El asunto debe tener como máximo 200 caracteres.',
  'messages.body_required': 'Escribe el mensaje.',
  'messages.body_too_long': 'El mensaje es demasiado largo.',
  'messages.tickets_required': 'Elige al menos una entrada.',
  'messages.attendees_required': 'Elige al menos un asistente.',
  'messages.order_statuses_required': 'Elige al menos un estado de pedido.',
  'messages.send_at_invalid': 'Elige la fecha y la hora del envío.',
  'messages.acknowledge_required':
    'Confirma que el mensaje no es promocional: el formulario de mensajes no puede usarse para publicidad.',
  'messages.no_recipients': 'Nadie recibiría este mensaje: revisa los destinatarios.',
  'messages.unknown_tickets': 'Alguna de las entradas elegidas no es de este evento.',
  'messages.unknown_date': 'La fecha elegida no es de este evento.',
  'messages.not_scheduled': 'Solo se puede cancelar un mensaje programado que aún no se ha enviado.',
  'messages.email_intro': '{organizer} te escribe sobre «{event}».',
  'messages.email_greeting': 'Hola, {name}:',
  'messages.email_footer':
    'Recibes este mensaje porque tienes entradas o un pedido de «{event}» ({organizer}). Para contestar, responde a este correo.',
  'messages.test_prefix': '[Prueba] {subject}',
});
