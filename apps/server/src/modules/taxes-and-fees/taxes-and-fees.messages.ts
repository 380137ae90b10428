import { defineMessages } from '../../lib/i18n.ts';

export const taxMessages = defineMessages({
  'taxes_and_fees.percentage_max': 'El porcentaje debe estar entre 0 y 100.',
  'taxes_and_fees.fixed_max': 'El importe fijo es demasiado alto.',
});
