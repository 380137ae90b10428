import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DEFAULT_LANDING } from '../../../lib/api-client.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { browserTimeZone } from '../../../lib/time-zones.ts';
import { acceptInvitation, getInvitation } from '../api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { useAuthValidators } from '../components/validation.ts';

/** /auth/accept-invitation/:token: a new colleague sets a name and password; an existing user just joins. */
export function AcceptInvitationPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const v = useAuthValidators();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const invitation = useQuery({
    queryKey: ['auth', 'invitation', token],
    queryFn: () => getInvitation(token).then((r) => r.data),
    retry: false,
  });
  const needsPassword = invitation.data ? !invitation.data.has_password : true;
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      password: '',
      password_confirmation: '',
      current_password: '',
      accept_terms: false,
    },
    validate: (values) =>
      needsPassword
        ? {
            first_name: v.firstName(values.first_name),
            last_name: v.lastName(values.last_name),
            password: v.password(values.password),
            password_confirmation: v.confirmation(values.password_confirmation, values),
            accept_terms: values.accept_terms ? null : t`Debes aceptar los términos y condiciones.`,
          }
        : {},
  });
  const [prefilled, setPrefilled] = useState(false);
  if (invitation.data && !prefilled) {
    setPrefilled(true);
    form.setValues({ first_name: invitation.data.first_name, last_name: invitation.data.last_name });
  }

  const submit = async (values: typeof form.values) => {
    setBusy(true);
    try {
      await acceptInvitation(
        token,
        needsPassword
          ? {
              first_name: values.first_name,
              last_name: values.last_name,
              password: values.password,
              password_confirmation: values.password_confirmation,
              accept_terms: values.accept_terms,
              timezone: browserTimeZone(),
            }
          : values.current_password
            ? { current_password: values.current_password }
            : {},
      );
      queryClient.clear();
      navigate(DEFAULT_LANDING, { replace: true });
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };

  const data = invitation.data;
  const role = data?.role === 'ADMIN' ? t`administrador` : t`organizador`;
  return (
    <AuthLayout
      title={data ? t`Únete a ${data.account_name}` : t`Aceptar invitación`}
      subtitle={
        data
          ? data.invited_by
            ? t`${data.invited_by} te ha invitado como ${role}. Tu usuario será ${data.email}.`
            : t`Te han invitado como ${role}. Tu usuario será ${data.email}.`
          : undefined
      }
      width={480}
      footer={
        <Anchor component={Link} to="/auth/login">
          <Trans>Ir a iniciar sesión</Trans>
        </Anchor>
      }
    >
      {invitation.isPending ? (
        <Center py="lg">
          <Loader />
        </Center>
      ) : invitation.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={20} />}>
          {t`Esta invitación no es válida, ya se ha usado o ha caducado. Pide a quien te invitó que te la reenvíe.`}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack>
            {needsPassword ? (
              <>
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <TextInput label={t`Nombre`} required {...form.getInputProps('first_name')} />
                  <TextInput label={t`Apellidos`} required {...form.getInputProps('last_name')} />
                </SimpleGrid>
                <PasswordInput
                  label={t`Contraseña`}
                  description={t`Al menos 8 caracteres.`}
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
              </>
            ) : (
              <>
                <Alert color="blue" variant="light">
                  {t`Ya tienes un usuario en Taquilla. Al aceptar, podrás elegir esta cuenta al iniciar sesión.`}
                </Alert>
                <PasswordInput
                  label={t`Tu contraseña de Taquilla`}
                  description={t`No hace falta si ya has iniciado sesión con este usuario.`}
                  autoComplete="current-password"
                  {...form.getInputProps('current_password')}
                />
              </>
            )}
            <Button type="submit" fullWidth loading={busy}>
              {t`Aceptar invitación`}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
