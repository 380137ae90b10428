import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Badge,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuilding, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type AccountChoice, loginSchema } from '@taquilla/shared/schemas/auth';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TWO_FACTOR_PATH, takePreviousUrl } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { login } from '../api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';

const validate = schemaValidate(loginSchema);

/**
 * /auth/login: e-mail and password; a user of several accounts then picks one; a user with 2FA then types
 * a code. A member whom the account requires 2FA of and who has none goes to enrolment.
 */
export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [accounts, setAccounts] = useState<AccountChoice[] | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '', password: '' }, validate });

  const submit = async (accountId?: string) => {
    setBusy(accountId ?? 'form');
    try {
      const res = await login({ ...form.getValues(), ...(accountId ? { account_id: accountId } : {}) });
      if ('accounts' in res.data) {
        setAccounts(res.data.accounts);
        return;
      }
      if ('two_factor' in res.data) {
        setChallenge(res.data.two_factor.challenge);
        return;
      }
      signedIn(res.data.user);
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(null);
    }
  };

  function signedIn(user: CurrentUser) {
    queryClient.clear();
    navigate(user.two_factor.required ? TWO_FACTOR_PATH : takePreviousUrl(), { replace: true });
  }

  if (challenge) {
    return (
      <AuthLayout
        title={t`Verificación en dos pasos`}
        subtitle={t`Abre tu aplicación de autenticación y escribe el código que muestra.`}
      >
        <TwoFactorStep
          challenge={challenge}
          onDone={signedIn}
          onBack={() => {
            setChallenge(null);
            setAccounts(null);
          }}
        />
      </AuthLayout>
    );
  }

  if (accounts) {
    return (
      <AuthLayout title={t`Elige una cuenta`} subtitle={t`Tu usuario tiene acceso a varias cuentas.`}>
        <Stack gap="xs">
          {accounts.map((account) => (
            <UnstyledButton
              key={account.id}
              onClick={() => void submit(account.id)}
              disabled={busy !== null}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              aria-label={account.name}
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <IconBuilding size={20} stroke={1.5} />
                  <div>
                    <Text fw={600}>{account.name}</Text>
                    <Badge size="xs" variant="light" color={account.role === 'ADMIN' ? 'blue' : 'grape'}>
                      {account.role === 'ADMIN' ? t`Administrador` : t`Organizador`}
                    </Badge>
                  </div>
                </Group>
                <IconChevronRight size={18} />
              </Group>
            </UnstyledButton>
          ))}
          <Button variant="subtle" onClick={() => setAccounts(null)}>
            {t`Volver`}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t`Inicia sesión`}
      subtitle={t`Gestiona tus eventos y la venta de entradas.`}
      footer={
        <Trans>
          ¿No tienes cuenta?{' '}
          <Anchor component={Link} to="/auth/register">
            Regístrate gratis
          </Anchor>
        </Trans>
      }
    >
      <form onSubmit={form.onSubmit(() => void submit())} noValidate>
        <Stack>
          <TextInput
            label={t`Correo electrónico`}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t`Contraseña`}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              {t`¿Has olvidado tu contraseña?`}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={busy === 'form'}>
            {t`Iniciar sesión`}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
