import { useLingui } from '@lingui/react/macro';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { confirmTwoFactorSchema } from '@taquilla/shared/schemas/sign-in-security';
import { useState } from 'react';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { loginTwoFactor } from '../api.ts';

/** The code as every second-factor endpoint checks it. */
const validate = schemaValidate(confirmTwoFactorSchema);

/**
 * The login's second step for a user with 2FA: the code of the authenticator app, or (by the link) one of
 * the recovery codes. The server checks either in the same field.
 */
export function TwoFactorStep({
  challenge,
  onDone,
  onBack,
}: {
  challenge: string;
  onDone: (user: CurrentUser) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { code: '' }, validate });
  const submit = async (values: typeof form.values) => {
    setBusy(true);
    try {
      const res = await loginTwoFactor({ challenge, code: values.code });
      onDone(res.data.user);
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        <TextInput
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? t`Código de recuperación` : t`Código de verificación`}
          description={
            recovery
              ? t`Uno de los códigos que guardaste al activar la verificación. Cada código sirve una sola vez.`
              : t`El código de 6 cifras que muestra tu aplicación de autenticación.`
          }
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          data-autofocus
          autoFocus
          required
          {...form.getInputProps('code')}
        />
        <Button type="submit" fullWidth loading={busy}>
          {t`Verificar`}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            form.reset();
          }}
        >
          {recovery ? t`Usar el código de la aplicación` : t`Usar un código de recuperación`}
        </Anchor>
        <Button variant="subtle" onClick={onBack}>
          {t`Volver`}
        </Button>
      </Stack>
    </form>
  );
}
