import { defineMessages } from '../../lib/i18n.ts';

export const apiKeyMessages = defineMessages({
  'api_keys.expiry_past': 'La fecha de caducidad debe ser futura.',
  'api_keys.rate_limited':
    'Demasiadas peticiones con esta clave de API. Espera {seconds} s y vuelve a intentarlo.',
  'api_keys.not_for_keys':
    'Esta operación necesita iniciar sesión como persona: las claves de API no gestionan usuarios ni claves.',
  'api_keys.permission_denied': 'Esta clave de API no tiene permiso para esta operación.',
});
