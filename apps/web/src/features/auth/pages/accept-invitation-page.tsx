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
import { newMemberSchema, PASSWORD_MIN } from '@taquilla/shared/schemas/auth';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DEFAULT_LANDING } from '../../../lib/api-client.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { browserTimeZone } from '../../../lib/time-zones.ts';
import { acceptInvitation, getInvitation } from '../api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

type Values = {
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
  current_password: string;
  accept_terms: boolean;
};

const newMemberBody = (values: Values) => ({
  first_name: values.first_name,
  last_name: values.last_name,
  password: values.password,
  password_confirmation: values.password_confirmation,
  accept_terms: values.accept_terms,
});
const validateNewMember = schemaValidate<Values>(newMemberSchema, { toInput: newMemberBody });

/** /auth/accept-invitation/:token: a new colleague sets a name and password; an existing user just joins. */
export function AcceptInvitationPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const invitation = useQuery({
    queryKey: ['auth', 'invitation', token],
    queryFn: () => getInvitation(token).then((r) => r.data),
    retry: false,
  });
  const needsPassword = invitation.data ? !invitation.data.has_password : true;
  const form = useForm<Values>({
    initialValues: {
      first_name: '',
      last_name: '',
      password: '',
      password_confirmation: '',
      current_password: '',
      accept_terms: false,
    },
    // An existing user's password is checked by the server alone (it may be signed in already).
    validate: (values) => (needsPassword ? validateNewMember(values) : {}),
  });
  const [prefilled, setPrefilled] = useState(false);
  if (invitation.data && !prefilled) {
    setPrefilled(true);
    form.setValues({ first_name: invitation.data.first_name, last_name: invitation.data.last_name });
  }

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await acceptInvitation(
        token,
        needsPassword
          ? { ...newMemberBody(values), timezone: browserTimeZone() }
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
