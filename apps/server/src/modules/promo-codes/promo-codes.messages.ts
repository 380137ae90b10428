import { defineMessages } from '../../lib/i18n.ts';

export const promoCodeMessages = defineMessages({
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
  'promo_codes.unknown_date': 'Alguna fecha no pertenece a este evento.',
  'promo_codes.max_uses_range':
    'Los usos máximos son un número entero de 1 en adelante; déjalo vacío para usos ilimitados.',
});
