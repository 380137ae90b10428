import { useLingui } from '@lingui/react/macro';
import { isEmail, isPersonName } from '../../../lib/person-rules.ts';

/** Client-side checks with the same rules as the API (packages/shared/src/schemas/auth.ts), in the UI language. */
export function useAuthValidators() {
  const { t } = useLingui();
  return {
    email: (v: string) => (isEmail(v) ? null : t`Introduce un correo electrónico válido.`),
    firstName: (v: string) => (isPersonName(v) ? null : t`El nombre debe tener entre 1 y 50 caracteres.`),
    lastName: (v: string) => (isPersonName(v) ? null : t`Los apellidos deben tener entre 1 y 50 caracteres.`),
    password: (v: string) => (v.length >= 8 ? null : t`La contraseña debe tener al menos 8 caracteres.`),
    confirmation: (v: string, values: { password: string }) =>
      v === values.password ? null : t`Las contraseñas no coinciden.`,
    required: (v: string) => (v.trim() ? null : t`Este campo es obligatorio.`),
  };
}
