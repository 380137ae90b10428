import { defineMessages } from '../../lib/i18n.ts';

export const affiliateMessages = defineMessages({
  es: {
    'affiliates.name_required': 'Indica el nombre del afiliado.',
    'affiliates.name_too_long': 'El nombre debe tener menos de 150 caracteres.',
    'affiliates.code_length': 'El código debe tener entre 3 y 50 caracteres.',
    'affiliates.code_chars': 'El código solo puede contener letras, números, guiones y guiones bajos.',
    'affiliates.code_taken':
      'Ya existe un afiliado con este código en el evento (no se distinguen mayúsculas).',
    'affiliates.has_sales':
      'Este afiliado tiene pedidos: desactívalo en lugar de eliminarlo para conservar sus ventas.',
  },
  en: {
    'affiliates.name_required': 'Enter the affiliate’s name.',
    'affiliates.name_too_long': 'The name must be under 150 characters.',
    'affiliates.code_length': 'The code must be 3 to 50 characters long.',
    'affiliates.code_chars': 'The code may only contain letters, numbers, hyphens and underscores.',
    'affiliates.code_taken': 'This event already has an affiliate with this code (case is ignored).',
    'affiliates.has_sales':
      'This affiliate has orders: deactivate it instead of deleting it to keep its sales.',
  },
});
