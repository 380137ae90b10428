import { defineMessages } from '../../lib/i18n.ts';

export const affiliateMessages = defineMessages({
  'affiliates.name_required': 'Indica el nombre del afiliado.',
  'affiliates.name_too_long': 'El nombre debe tener menos de 150 caracteres.',
  'affiliates.code_length': 'El código debe tener entre 3 y 50 caracteres.',
  'affiliates.code_chars': 'El código solo puede contener letras, números, guiones y guiones bajos.',
  'affiliates.code_taken':
    'Ya existe un afiliado con este código en el evento (no se distinguen mayúsculas).',
  'affiliates.has_sales':
    'Este afiliado tiene pedidos: desactívalo en lugar de eliminarlo para conservar sus ventas.',
});
