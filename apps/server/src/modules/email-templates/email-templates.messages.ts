import { defineMessages } from '../../lib/i18n.ts';

/** The organizer's e-mail texts: what is wrong with one. */
export const emailTemplatesMessages = defineMessages({
  'email_templates.unknown_placeholder':
    'El marcador {name} no existe en este correo. Puedes usar: {allowed}.',
  'email_templates.unbalanced_brace':
    'Hay una llave sin pareja. Escribe los marcadores completos, por ejemplo {example}.',
  'email_templates.subject_one_line': 'El asunto debe ocupar una sola línea.',
});
