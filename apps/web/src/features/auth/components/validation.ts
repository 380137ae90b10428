import { useLingui } from '@lingui/react/macro';
import { twoFactorCodeSchema } from '@taquilla/shared/schemas/sign-in-security';
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

/** A second-factor code (app or recovery), checked with the API's own schema. */
export function useCodeValidator() {
  const { t } = useLingui();
  return (v: string) =>
    twoFactorCodeSchema.safeParse(v).success
      ? null
      : t`Introduce el código de 6 cifras de tu aplicación o un código de recuperación.`;
}
