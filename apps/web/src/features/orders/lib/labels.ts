import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const PROVIDERS = {
  test: msg`Tarjeta de prueba`,
  offline: msg`Pago offline`,
  stripe: msg`Stripe`,
};

/** How a payment provider is named to the organizer. */
export const providerLabel = (provider: string | null, i18n: I18n) =>
  provider && provider in PROVIDERS
    ? i18n._(PROVIDERS[provider as keyof typeof PROVIDERS])
    : (provider ?? '—');
