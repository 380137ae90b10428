import { defineMessages } from '../../lib/i18n.ts';

export const paymentSettingsMessages = defineMessages({
  'payment_settings.instructions_length': 'Las instrucciones pueden tener como máximo 5000 caracteres.',
  'payment_settings.stripe_unavailable':
    'Esta instalación no tiene claves de Stripe: no se puede conectar una cuenta de Stripe.',
  'payment_settings.stripe_not_connected': 'No hay ninguna cuenta de Stripe conectada.',
  'payment_settings.stripe_failed': 'Stripe no ha respondido. Inténtalo de nuevo en unos minutos.',
});
