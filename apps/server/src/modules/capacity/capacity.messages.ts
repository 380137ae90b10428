import { defineMessages } from '../../lib/i18n.ts';

export const capacityMessages = defineMessages({
  'capacity.tickets_required': 'Elige al menos una entrada.',
  'capacity.unknown_ticket': 'Alguna entrada no pertenece a este evento.',
  'capacity.unknown_date': 'Alguna fecha no pertenece a este evento.',
  'capacity.below_used': 'El aforo no puede ser menor que lo ya vendido o reservado ({used}).',
});
