import { defineMessages } from '../../lib/i18n.ts';

export const questionMessages = defineMessages({
  es: {
    'questions.options_required': 'Añade al menos una opción.',
    'questions.option_duplicate': 'Esta opción está repetida.',
    'questions.unknown_ticket': 'Alguna entrada no pertenece a este evento.',
    'questions.default_not_editable': 'Las preguntas predeterminadas no se pueden editar ni eliminar.',
    'questions.default_first_name': 'Nombre',
    'questions.default_last_name': 'Apellidos',
    'questions.default_email': 'Correo electrónico',
  },
  en: {
    'questions.options_required': 'Add at least one option.',
    'questions.option_duplicate': 'This option is repeated.',
    'questions.unknown_ticket': 'A ticket does not belong to this event.',
    'questions.default_not_editable': 'Default questions cannot be edited or deleted.',
    'questions.default_first_name': 'First name',
    'questions.default_last_name': 'Last name',
    'questions.default_email': 'E-mail',
  },
});
