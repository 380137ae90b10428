import { defineMessages } from '../../lib/i18n.ts';

export const promoCodeMessages = defineMessages({
  es: {
    'promo_codes.code_length': 'El código debe tener entre 3 y 50 caracteres.',
    'promo_codes.code_spaces': 'El código no puede contener espacios.',
    'promo_codes.code_taken': 'Ya existe un código igual en este evento (no se distinguen mayúsculas).',
    'promo_codes.percentage_range': 'El porcentaje debe estar entre 0 y 100.',
    'promo_codes.discount_required': 'Indica el descuento.',
    'promo_codes.unknown_ticket': 'Alguna entrada no pertenece a este evento.',
  },
  en: {
    'promo_codes.code_length': 'The code must be 3 to 50 characters long.',
    'promo_codes.code_spaces': 'The code cannot contain spaces.',
    'promo_codes.code_taken': 'This event already has the same code (case is ignored).',
    'promo_codes.percentage_range': 'The percentage must be between 0 and 100.',
    'promo_codes.discount_required': 'Enter the discount.',
    'promo_codes.unknown_ticket': 'A ticket does not belong to this event.',
  },
});
