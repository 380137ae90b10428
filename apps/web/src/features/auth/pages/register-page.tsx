import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MIN, registerSchema } from '@taquilla/shared/schemas/auth';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { i18n } from '../../../lib/i18n.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { browserTimeZone } from '../../../lib/time-zones.ts';
import { register } from '../api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

const validate = schemaValidate(registerSchema);

/** /auth/register: creates the account and its owner, then onboarding at /welcome. */
export function RegisterPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      accept_terms: false,
    },
    validate,
  });

  const submit = async (values: typeof form.values) => {
    setBusy(true);
    try {
      await register({ ...values, locale: i18n.locale, timezone: browserTimeZone() });
      queryClient.clear();
      navigate('/welcome', { replace: true });
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`Crea tu cuenta`}
      subtitle={t`Empieza a vender entradas en unos minutos. Sin cuotas de alta.`}
      width={480}
      footer={
        <Trans>
          ¿Ya tienes cuenta?{' '}
          <Anchor component={Link} to="/auth/login">
            Inicia sesión
          </Anchor>
        </Trans>
      }
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t`Nombre`}
              autoComplete="given-name"
              required
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t`Apellidos`}
              autoComplete="family-name"
              required
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          <TextInput
            label={t`Correo electrónico`}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t`Contraseña`}
            description={t`Al menos ${PASSWORD_MIN} caracteres.`}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t`Repite la contraseña`}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Checkbox
            label={t`Acepto los términos y condiciones y la política de privacidad`}
            {...form.getInputProps('accept_terms', { type: 'checkbox' })}
          />
          <Group>
            <Button type="submit" fullWidth loading={busy}>
              {t`Crear cuenta`}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
