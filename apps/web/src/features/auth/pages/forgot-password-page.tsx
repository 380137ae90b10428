import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { forgotPasswordSchema } from '@taquilla/shared/schemas/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { forgotPassword } from '../api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

const validate = schemaValidate(forgotPasswordSchema);

/** /auth/forgot-password: asks for a reset link; the answer never says whether the e-mail exists. */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate });

  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      await forgotPassword(email);
      setSent(email.trim());
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`¿Has olvidado tu contraseña?`}
      subtitle={t`Te enviaremos un enlace para elegir una nueva.`}
      footer={
        <Anchor component={Link} to="/auth/login">
          <Trans>Volver a iniciar sesión</Trans>
        </Anchor>
      }
    >
      {sent ? (
        <Alert color="teal" icon={<IconMailCheck size={20} />} title={t`Revisa tu correo`}>
          <Trans>
            Si existe un usuario con el correo {sent}, le hemos enviado un enlace para restablecer la
            contraseña. El enlace caduca en 1 hora.
          </Trans>
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack>
            <TextInput
              label={t`Correo electrónico`}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={busy}>
              {t`Enviar enlace`}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
