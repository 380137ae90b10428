import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The messages of the promo code schema's rules (the server says the same from its own catalog). */
const MESSAGES: Record<string, MessageDescriptor> = {
  'promo_codes.code_length': msg`El código debe tener entre 3 y 50 caracteres.`,
  'promo_codes.code_spaces': msg`El código no puede contener espacios.`,
  'promo_codes.percentage_range': msg`El porcentaje debe estar entre 0 y 100.`,
  'promo_codes.discount_required': msg`Indica el descuento.`,
  'promo_codes.discount_zero': msg`Un descuento de 0 no descuenta nada: indica un descuento mayor que 0 o elige «Solo desbloquea».`,
  'promo_codes.discount_negative': msg`El descuento no puede ser negativo.`,
  'promo_codes.discount_whole': msg`El descuento debe ser un número entero.`,
  'promo_codes.max_uses_range': msg`Los usos máximos son un número entero de 1 en adelante; déjalo vacío para usos ilimitados.`,
};

/** A schema message key as the organizer reads it; a limit without its own message gets a general one. */
export const promoCodeMessage = (key: string) => i18n._(MESSAGES[key] ?? msg`Revisa este valor.`);
