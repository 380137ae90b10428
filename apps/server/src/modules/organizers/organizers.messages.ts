import { defineMessages } from '../../lib/i18n.ts';

export const organizerMessages = defineMessages({
  'organizers.name_too_long': 'El nombre debe tener menos de 150 caracteres.',
  'organizers.has_events': 'No se puede eliminar un organizador que tiene eventos.',
});
