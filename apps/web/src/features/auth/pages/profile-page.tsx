import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@taquilla/shared';
import { PASSWORD_MIN } from '@taquilla/shared/schemas/auth';
import { changeEmailSchema, changePasswordSchema, updateMeSchema } from '@taquilla/shared/schemas/users';
import { useState } from 'react';
import { Link } from 'react-router';
import { TimeZoneSelect } from '../../../components/time-zone-select.tsx';
import { type CurrentUser, currentUserQuery, useCurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { changeLocale, i18n } from '../../../lib/i18n.ts';
import { localeOptions } from '../../../lib/locale.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { cancelEmailChange, updateMe } from '../api.ts';
import { SessionsCard } from '../components/sessions-card.tsx';

const validateDetails = schemaValidate(updateMeSchema);
const validateEmail = schemaValidate(changeEmailSchema);
const validatePassword = schemaValidate(changePasswordSchema);

/**
 * /manage/profile: name, language and time zone; e-mail (confirmed by link); password; two-step
 * verification; active sessions.
 */
export function ProfilePage() {
  const me = useCurrentUser();
  if (!me.data) return null;
  return (
    <Stack maw={720} gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        <Trans>Mi perfil</Trans>
      </Title>
      <DetailsCard user={me.data} />
      <EmailCard user={me.data} />
      <PasswordCard user={me.data} />
      <TwoFactorCard user={me.data} />
      <SessionsCard timezone={me.data.timezone} />
    </Stack>
  );
}

function useSaved() {
  const queryClient = useQueryClient();
  return (user: CurrentUser) => queryClient.setQueryData(currentUserQuery.queryKey, user);
}

function DetailsCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const saved = useSaved();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      locale: user.locale,
      timezone: user.timezone,
    },
    validate: validateDetails,
  });
  const submit = async (values: typeof form.values) => {
    setBusy(true);
    try {
      const res = await updateMe(values);
      saved(res.data);
      if (values.locale !== i18n.locale) await changeLocale(values.locale as Locale);
      notifications.show({ color: 'teal', message: t`Perfil guardado.` });
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Title order={2} fz="lg">
            {t`Datos personales`}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Nombre`} required {...form.getInputProps('first_name')} />
            <TextInput label={t`Apellidos`} required {...form.getInputProps('last_name')} />
            <Select
              label={t`Idioma`}
              data={localeOptions()}
              allowDeselect={false}
              {...form.getInputProps('locale')}
            />
            <TimeZoneSelect {...form.getInputProps('timezone')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t`Guardar cambios`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function EmailCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const saved = useSaved();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { email: '', current_password: '' },
    validate: validateEmail,
  });
  const submit = async (values: typeof form.values) => {
    setBusy(true);
    try {
      const res = await updateMe({ first_name: user.first_name, last_name: user.last_name, ...values });
      saved(res.data);
      form.reset();
      notifications.show({
        color: 'teal',
        message: t`Te hemos enviado un enlace de confirmación a ${values.email}.`,
      });
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    try {
      saved((await cancelEmailChange(user.id)).data);
      notifications.show({ color: 'teal', message: t`Cambio de correo cancelado.` });
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Title order={2} fz="lg">
            {t`Correo electrónico`}
          </Title>
          <Group gap="xs">
            <Text fw={500} style={{ wordBreak: 'break-all' }}>
              {user.email}
            </Text>
            {user.email_verified ? (
              <Badge color="teal" variant="light">
                {t`Confirmado`}
              </Badge>
            ) : (
              <Badge color="yellow" variant="light">
                {t`Sin confirmar`}
              </Badge>
            )}
          </Group>
          {user.pending_email && (
            <Alert color="blue" variant="light" icon={<IconMailForward size={20} />}>
              <Stack gap="xs">
                <Text size="sm">
                  <Trans>
                    Cambio pendiente a <b>{user.pending_email}</b>: abre el enlace que te hemos enviado a esa
                    dirección para confirmarlo.
                  </Trans>
                </Text>
                <Group>
                  <Button size="xs" variant="white" onClick={() => void cancel()}>
                    {t`Cancelar el cambio`}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`Correo nuevo`}
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t`Contraseña actual`}
              autoComplete="current-password"
              {...form.getInputProps('current_password')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={busy}>
              {t`Cambiar correo`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: validatePassword,
  });
  const submit = async (values: typeof form.values) => {
    setBusy(true);
    try {
      await updateMe({ first_name: user.first_name, last_name: user.last_name, ...values });
      form.reset();
      notifications.show({
        color: 'teal',
        message: t`Contraseña cambiada. Hemos cerrado tus sesiones en otros dispositivos.`,
      });
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Title order={2} fz="lg">
            {t`Contraseña`}
          </Title>
          <PasswordInput
            label={t`Contraseña actual`}
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t`Contraseña nueva`}
              description={t`Al menos ${PASSWORD_MIN} caracteres.`}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t`Repite la contraseña nueva`}
              autoComplete="new-password"
              {...form.getInputProps('password_confirmation')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={busy}>
              {t`Cambiar contraseña`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function TwoFactorCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t`Verificación en dos pasos`}
          </Title>
          {user.two_factor.enabled ? (
            <Badge color="teal" variant="light">
              {t`Activada`}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t`Desactivada`}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>Un código de tu móvil, además de la contraseña, al iniciar sesión.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button
            component={Link}
            to="/manage/profile/two-factor"
            variant="light"
            leftSection={<IconShieldLock size={16} />}
          >
            {user.two_factor.enabled ? t`Gestionar` : t`Activar`}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
