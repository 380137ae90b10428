import { defineMessages } from '../../lib/i18n.ts';

export const publicEventMessages = defineMessages({
  'public_events.promo_code_rate_limited':
    'Has probado demasiados códigos promocionales. Espera {minutes} min y vuelve a intentarlo.',
  'public_events.date_not_found': 'Esta fecha no está a la venta: elige otra de las próximas fechas.',
});
