import { defineMessages } from '../../lib/i18n.ts';

export const webhookMessages = defineMessages({
  'webhooks.url_invalid': 'Introduce una dirección http:// o https:// completa, sin usuario ni contraseña.',
  'webhooks.event_types_required': 'Elige al menos un tipo de evento.',
  'webhooks.event_not_found': 'Alguno de los eventos elegidos no existe.',
  'webhooks.not_active': 'El destino no está activo: reactívalo antes de enviar.',
  'webhooks.paused_subject': 'Webhook en pausa: {url}',
  'webhooks.paused_heading': 'Hemos puesto en pausa un webhook',
  'webhooks.paused_body':
    'Las entregas a {url} han fallado {failures} veces seguidas, así que hemos dejado de enviarlas. Revisa el destino y reactívalo en Cuenta › Webhooks: los mensajes que no llegaron se reenviarán.',
  'webhooks.paused_button': 'Ver webhooks',
  'webhooks.mail_footer': 'Recibes este correo porque administras esta cuenta de Taquilla.',
});
