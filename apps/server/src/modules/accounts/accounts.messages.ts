import { defineMessages } from '../../lib/i18n.ts';

export const accountsMessages = defineMessages({
  es: {
    'accounts.name_length': 'El nombre de la cuenta debe tener entre 1 y 149 caracteres.',
    'accounts.currency_invalid': 'Elige una moneda válida (código ISO de 3 letras, p. ej. EUR).',
  },
  en: {
    'accounts.name_length': 'The account name must be 1 to 149 characters long.',
    'accounts.currency_invalid': 'Choose a valid currency (3-letter ISO code, e.g. EUR).',
  },
});
