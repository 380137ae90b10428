import { defineMessages } from '../../lib/i18n.ts';

export const taxMessages = defineMessages({
  es: {
    'taxes_and_fees.percentage_max': 'El porcentaje debe estar entre 0 y 100.',
    'taxes_and_fees.fixed_max': 'El importe fijo es demasiado alto.',
  },
  en: {
    'taxes_and_fees.percentage_max': 'The percentage must be between 0 and 100.',
    'taxes_and_fees.fixed_max': 'The fixed amount is too high.',
  },
});
