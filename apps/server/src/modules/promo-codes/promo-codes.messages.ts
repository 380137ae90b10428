import { defineMessages } from '../../lib/i18n.ts';

export const promoCodeMessages = defineMessages({
  es: {
    'promo_codes.code_length': 'El código debe tener entre 3 y 50 caracteres.',
    'promo_codes.code_spaces': 'El código no puede contener espacios.',
    'promo_codes.code_taken': 'Ya existe un código igual en este evento (no se distinguen mayúsculas).',
    'promo_codes.percentage_range': 'El porcentaje debe estar entre 0 y 100.',
    'promo_codes.discount_required': 'Indica el descuento.',
    'promo_codes.discount_zero':
      'Un descuento de 0 no descuenta nada: indica un descuento mayor que 0 o elige «Solo desbloquea».',
    'promo_codes.discount_negative': 'El descuento no puede ser negativo.',
    'promo_codes.discount_whole':
      'El descuento debe ser un número entero: unidades menores de la moneda (céntimos) para un importe fijo, por ciento entero para un porcentaje.',
    'promo_codes.unknown_ticket': 'Alguna entrada no pertenece a este evento.',
    'promo_codes.max_uses_range':
      'Los usos máximos son un número entero de 1 en adelante; déjalo vacío para usos ilimitados.',
  },
  en: {
    'promo_codes.code_length': 'The code must be 3 to 50 characters long.',
    'promo_codes.code_spaces': 'The code cannot contain spaces.',
    'promo_codes.code_taken': 'This event already has the same code (case is ignored).',
    'promo_codes.percentage_range': 'The percentage must be between 0 and 100.',
    'promo_codes.discount_required': 'Enter the discount.',
    'promo_codes.discount_zero':
      'A discount of 0 takes nothing off: enter a discount above 0 or choose «Unlock only».',
    'promo_codes.discount_negative': 'The discount cannot be negative.',
    'promo_codes.discount_whole':
      'The discount must be a whole number: minor units of the currency (cents) for a fixed amount, a whole percent for a percentage.',
    'promo_codes.unknown_ticket': 'A ticket does not belong to this event.',
    'promo_codes.max_uses_range':
      'Maximum uses is a whole number from 1 up; leave it empty for unlimited uses.',
  },
});
