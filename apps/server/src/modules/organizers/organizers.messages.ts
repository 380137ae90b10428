import { defineMessages } from '../../lib/i18n.ts';

export const organizerMessages = defineMessages({
  es: {
    'organizers.name_too_long': 'El nombre debe tener menos de 150 caracteres.',
    'organizers.has_events': 'No se puede eliminar un organizador que tiene eventos.',
  },
  en: {
    'organizers.name_too_long': 'The name must be under 150 characters.',
    'organizers.has_events': 'An organizer with events cannot be deleted.',
  },
});
