import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  Image,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { confirmTwoFactorSchema, disableTwoFactorSchema } from '@taquilla/shared/schemas/sign-in-security';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { currentUserQuery, useCurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { confirmTwoFactor, disableTwoFactor, regenerateRecoveryCodes, startTwoFactor } from '../api.ts';
import { RecoveryCodes } from '../components/recovery-codes.tsx';

const validateCode = schemaValidate(confirmTwoFactorSchema);
/** New recovery codes and turning 2FA off both send the password in this body. */
const validatePassword = schemaValidate(disableTwoFactorSchema);

type Enrolment = { secret: string; otpauth_uri: string; qr_image: string };

/**
 * /manage/profile/two-factor: turn two-step verification on (scan the server's QR, type a code, keep the
 * recovery codes) or off (with the password). Members of an account that requires it land here.
 */
export function TwoFactorPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!me.data) return null;
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    navigate('/manage/profile');
  };
  return (
    <Stack maw={560} gap="lg">
      <Anchor component={Link} to="/manage/profile" size="sm">
        {t`← Mi perfil`}
      </Anchor>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        <Trans>Verificación en dos pasos</Trans>
      </Title>
      {me.data.two_factor.required && (
        <Alert color="orange" variant="light" icon={<IconShieldLock size={20} />}>
          <Trans>
            La cuenta {me.data.account.name} exige la verificación en dos pasos a todos sus miembros. Actívala
            para seguir usando la cuenta.
          </Trans>
        </Alert>
      )}
      <Card withBorder padding="lg">
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => void done()} />
        ) : me.data.two_factor.enabled ? (
          <ManageForm
            onDone={() => void done()}
            onNewCodes={setCodes}
            codesLeft={me.data.two_factor.recovery_codes_left}
          />
        ) : (
          <EnrolForm onConfirmed={setCodes} />
        )}
      </Card>
    </Stack>
  );
}

function EnrolForm({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { t } = useLingui();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { code: '' }, validate: validateCode });
  const start = async () => {
    setBusy(true);
    try {
      setEnrolment((await startTwoFactor()).data);
    } catch (error) {
      showSubmitError(error);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (values: typeof form.values) => {
    setBusy(true);
    try {
      onConfirmed((await confirmTwoFactor(values.code)).data.recovery_codes);
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };
  if (!enrolment) {
    return (
      <Stack>
        <Text>
          <Trans>
            Además de la contraseña, al iniciar sesión te pediremos un código de tu aplicación de
            autenticación (Google Authenticator, Microsoft Authenticator, FreeOTP, 1Password…).
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => void start()} loading={busy}>
            {t`Activar la verificación en dos pasos`}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.onSubmit(confirm)} noValidate>
      <Stack>
        <Text>
          <Trans>1. Escanea este código QR con tu aplicación de autenticación.</Trans>
        </Text>
        <Image
          src={enrolment.qr_image}
          alt={t`Código QR para tu aplicación de autenticación`}
          w={220}
          h={220}
          mx="auto"
        />
        <Text size="sm" c="dimmed">
          <Trans>¿No puedes escanearlo? Escribe esta clave en la aplicación:</Trans>
        </Text>
        <Code block style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
          {enrolment.secret}
        </Code>
        <TextInput
          label={t`2. Escribe el código de 6 cifras que muestra la aplicación`}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t`Confirmar`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 2FA is on: new recovery codes, or turn it off; both ask for the password. */
function ManageForm({
  onDone,
  onNewCodes,
  codesLeft,
}: {
  onDone: () => void;
  onNewCodes: (codes: string[]) => void;
  codesLeft: number;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<'codes' | 'off' | null>(null);
  const form = useForm({ initialValues: { password: '' }, validate: validatePassword });
  const act = async (action: 'codes' | 'off') => {
    if (form.validate().hasErrors) return;
    setBusy(action);
    try {
      if (action === 'codes') {
        onNewCodes((await regenerateRecoveryCodes(form.values.password)).data.recovery_codes);
      } else {
        await disableTwoFactor(form.values.password);
        notifications.show({ color: 'teal', message: t`Verificación en dos pasos desactivada.` });
        onDone();
      }
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(null);
    }
  };
  return (
    <form onSubmit={form.onSubmit(() => void act('codes'))} noValidate>
      <Stack>
        <Text>
          <Trans>La verificación en dos pasos está activada.</Trans>
        </Text>
        <Text size="sm" c={codesLeft <= 2 ? 'orange.9' : 'dimmed'}>
          {plural(codesLeft, {
            one: 'Te queda # código de recuperación.',
            other: 'Te quedan # códigos de recuperación.',
          })}{' '}
          <Trans>Si los has perdido o te quedan pocos, genera otros: los anteriores dejarán de servir.</Trans>
        </Text>
        <PasswordInput
          label={t`Tu contraseña`}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={busy === 'codes'} disabled={busy === 'off'}>
            {t`Generar códigos nuevos`}
          </Button>
          <Button
            color="red"
            variant="light"
            loading={busy === 'off'}
            disabled={busy === 'codes'}
            onClick={() => void act('off')}
          >
            {t`Desactivar`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
