import { defineMessages } from '../../lib/i18n.ts';

export const publicEventMessages = defineMessages({
  es: {
    'public_events.promo_code_rate_limited':
      'Has probado demasiados códigos promocionales. Espera {minutes} min y vuelve a intentarlo.',
  },
  en: {
    'public_events.promo_code_rate_limited':
      'You have tried too many promo codes. Wait {minutes} min and try again.',
  },
});
