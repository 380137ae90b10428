import { defineMessages } from '../../lib/i18n.ts';

export const messagesMessages = defineMessages({
  es: {
    'messages.subject_required': 'Escribe el asunto del mensaje.',
    'messages.subject_too_long': 'El asunto debe tener como máximo 200 caracteres.',
    'messages.body_required': 'Escribe el mensaje.',
    'messages.body_too_long': 'El mensaje es demasiado largo.',
    'messages.tickets_required': 'Elige al menos una entrada.',
    'messages.attendees_required': 'Elige al menos un asistente.',
    'messages.acknowledge_required':
      'Confirma que el mensaje no es promocional: el formulario de mensajes no puede usarse para publicidad.',
    'messages.no_recipients': 'Nadie recibiría este mensaje: revisa los destinatarios.',
    'messages.unknown_tickets': 'Alguna de las entradas elegidas no es de este evento.',
    'messages.not_scheduled': 'Solo se puede cancelar un mensaje programado que aún no se ha enviado.',
    'messages.email_intro': '{organizer} te escribe sobre «{event}».',
    'messages.email_greeting': 'Hola, {name}:',
    'messages.email_footer':
      'Recibes este mensaje porque tienes entradas o un pedido de «{event}» ({organizer}). Para contestar, responde a este correo.',
    'messages.test_prefix': '[Prueba] {subject}',
  },
  en: {
    'messages.subject_required': 'Enter the message’s subject.',
    'messages.subject_too_long': 'The subject must be at most 200 characters long.',
    'messages.body_required': 'Write the message.',
    'messages.body_too_long': 'The message is too long.',
    'messages.tickets_required': 'Choose at least one ticket.',
    'messages.attendees_required': 'Choose at least one attendee.',
    'messages.acknowledge_required':
      'Confirm that the message is not promotional: the message form may not be used for advertising.',
    'messages.no_recipients': 'Nobody would receive this message: check the recipients.',
    'messages.unknown_tickets': 'Some of the chosen tickets do not belong to this event.',
    'messages.not_scheduled': 'Only a scheduled message that has not been sent yet can be cancelled.',
    'messages.email_intro': '{organizer} is writing to you about “{event}”.',
    'messages.email_greeting': 'Hello {name},',
    'messages.email_footer':
      'You are receiving this message because you have tickets or an order for “{event}” ({organizer}). To answer, reply to this e-mail.',
    'messages.test_prefix': '[Test] {subject}',
  },
});
