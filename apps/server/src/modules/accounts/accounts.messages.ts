import { defineMessages } from '../../lib/i18n.ts';

export const accountsMessages = defineMessages({
  'accounts.name_length': 'El nombre de la cuenta debe tener entre 1 y 149 caracteres.',
  'accounts.currency_invalid': 'Elige una moneda válida (código ISO de 3 letras, p. ej. EUR).',
});
