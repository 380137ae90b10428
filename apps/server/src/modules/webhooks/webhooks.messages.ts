import { defineMessages } from '../../lib/i18n.ts';

export const webhookMessages = defineMessages({
  es: {
    'webhooks.url_invalid': 'Introduce una dirección http:// o https:// completa, sin usuario ni contraseña.',
    'webhooks.event_types_required': 'Elige al menos un tipo de evento.',
    'webhooks.event_not_found': 'Alguno de los eventos elegidos no existe.',
    'webhooks.not_active': 'El destino no está activo: reactívalo antes de enviar.',
    'webhooks.paused_subject': 'Webhook en pausa: {url}',
    'webhooks.paused_heading': 'Hemos puesto en pausa un webhook',
    'webhooks.paused_body':
      'Las entregas a {url} han fallado {failures} veces seguidas, así que hemos dejado de enviarlas. Revisa el destino y reactívalo en Ajustes de la cuenta › Webhooks: los mensajes que no llegaron se reenviarán.',
    'webhooks.paused_button': 'Ver webhooks',
    'webhooks.mail_footer': 'Recibes este correo porque administras esta cuenta de Taquilla.',
  },
  en: {
    'webhooks.url_invalid': 'Enter a full http:// or https:// address, without user or password.',
    'webhooks.event_types_required': 'Choose at least one event type.',
    'webhooks.event_not_found': 'One of the chosen events does not exist.',
    'webhooks.not_active': 'The endpoint is not active: resume it before sending.',
    'webhooks.paused_subject': 'Webhook paused: {url}',
    'webhooks.paused_heading': 'We paused a webhook',
    'webhooks.paused_body':
      'Deliveries to {url} failed {failures} times in a row, so we stopped sending them. Check the endpoint and resume it under Account settings › Webhooks: the messages that did not arrive will be sent again.',
    'webhooks.paused_button': 'See webhooks',
    'webhooks.mail_footer': 'You get this e-mail because you administer this Taquilla account.',
  },
});
