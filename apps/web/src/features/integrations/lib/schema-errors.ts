import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const messages = {
  'webhooks.url_invalid': msg`Introduce una dirección http:// o https:// completa, sin usuario ni contraseña.`,
  'webhooks.event_types_required': msg`Elige al menos un tipo de evento.`,
  'validation.datetime': msg`Elige una fecha válida.`,
};
/** What a field says when the shared schema refuses it without a key of ours (a length, a missing value). */
const byField = {
  name: msg`Escribe un nombre de 1 a 100 caracteres.`,
  description: msg`La descripción admite hasta 200 caracteres.`,
  url: messages['webhooks.url_invalid'],
};

/** Turns the shared schemas' errors (message keys, or zod's own words) into this screen's messages. */
export function useSchemaErrors() {
  const { i18n, t } = useLingui();
  return (errors: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(errors).map(([field, key]) => {
        const known =
          messages[String(key) as keyof typeof messages] ?? byField[field as keyof typeof byField];
        return [field, known ? i18n._(known) : t`Valor no válido.`];
      }),
    );
}
