import { defineMessages } from '../../lib/i18n.ts';

export const capacityMessages = defineMessages({
  es: {
    'capacity.tickets_required': 'Elige al menos una entrada.',
    'capacity.unknown_ticket': 'Alguna entrada no pertenece a este evento.',
    'capacity.below_used': 'El aforo no puede ser menor que lo ya vendido o reservado ({used}).',
  },
  en: {
    'capacity.tickets_required': 'Choose at least one ticket.',
    'capacity.unknown_ticket': 'A ticket does not belong to this event.',
    'capacity.below_used': 'The capacity cannot be below what is already sold or reserved ({used}).',
  },
});
