import { defineMessages } from '../../lib/i18n.ts';

export const privacyMessages = defineMessages({
  'privacy.email_invalid': 'Introduce una dirección de correo válida.',
  'privacy.confirm_mismatch': 'Escribe otra vez la misma dirección para confirmar el borrado.',
  'privacy.retention_range':
    'Indica un número entero de días entre 30 y 3650, o déjalo vacío para conservar los datos.',
  'privacy.scoped_member':
    'Las solicitudes de privacidad abarcan toda la cuenta: solo un administrador sin límite de organizadores puede atenderlas.',
});
