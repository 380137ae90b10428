import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MIN, resetPasswordSchema } from '@taquilla/shared/schemas/auth';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { checkResetToken, resetPassword } from '../api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

const validate = schemaValidate(resetPasswordSchema);

/** /auth/reset-password/:token: checks the link, then sets a new password and sends the user to log in. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const check = useQuery({
    queryKey: ['auth', 'reset', token],
    queryFn: () => checkResetToken(token),
    retry: false,
  });
  const form = useForm({ initialValues: { password: '', password_confirmation: '' }, validate });

  const submit = async (values: typeof form.values) => {
    setBusy(true);
    try {
      await resetPassword(token, values);
      notifications.show({ color: 'teal', message: t`Contraseña cambiada. Ya puedes iniciar sesión.` });
      navigate('/auth/login', { replace: true });
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`Elige una contraseña nueva`}
      subtitle={check.data ? t`Para ${check.data.data.email}` : undefined}
      footer={
        <Anchor component={Link} to="/auth/login">
          <Trans>Volver a iniciar sesión</Trans>
        </Anchor>
      }
    >
      {check.isPending ? (
        <Center py="lg">
          <Loader />
        </Center>
      ) : check.isError ? (
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle size={20} />}>
            {t`El enlace para restablecer la contraseña no es válido o ha caducado.`}
          </Alert>
          <Button component={Link} to="/auth/forgot-password" variant="light">
            {t`Pedir un enlace nuevo`}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack>
            <PasswordInput
              label={t`Contraseña nueva`}
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
            <Button type="submit" fullWidth loading={busy}>
              {t`Guardar contraseña`}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
