import { defineMessages } from '../../lib/i18n.ts';

export const questionMessages = defineMessages({
  'questions.title_required': 'Escribe la pregunta.',
  'questions.options_required': 'Añade al menos una opción.',
  'questions.option_duplicate': 'Esta opción está repetida.',
  'questions.unknown_ticket': 'Alguna entrada no pertenece a este evento.',
  'questions.default_not_editable': 'Las preguntas predeterminadas no se pueden editar ni eliminar.',
  'questions.default_first_name': 'Nombre',
  'questions.default_last_name': 'Apellidos',
  'questions.default_email': 'Correo electrónico',
});
