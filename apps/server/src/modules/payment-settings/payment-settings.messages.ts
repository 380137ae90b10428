import { defineMessages } from '../../lib/i18n.ts';

export const paymentSettingsMessages = defineMessages({
  es: {
    'payment_settings.instructions_length': 'Las instrucciones pueden tener como máximo 5000 caracteres.',
    'payment_settings.stripe_unavailable':
      'Esta instalación no tiene claves de Stripe: no se puede conectar una cuenta de Stripe.',
    'payment_settings.stripe_not_connected': 'No hay ninguna cuenta de Stripe conectada.',
    'payment_settings.stripe_failed': 'Stripe no ha respondido. Inténtalo de nuevo en unos minutos.',
  },
  en: {
    'payment_settings.instructions_length': 'The instructions can be at most 5000 characters long.',
    'payment_settings.stripe_unavailable':
      'This installation has no Stripe keys: a Stripe account cannot be connected.',
    'payment_settings.stripe_not_connected': 'No Stripe account is connected.',
    'payment_settings.stripe_failed': 'Stripe did not answer. Try again in a few minutes.',
  },
});
