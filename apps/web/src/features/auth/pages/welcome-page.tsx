import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Center, Group, Loader, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarPlus, IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createOrganizerSchema } from '@taquilla/shared/schemas/organizers';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { getToken } from '../../../lib/api-client.ts';
import { can, useCurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { createOrganizer, hasOrganizer, renameAccount } from '../api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { EmailConfirmationBanner } from '../components/email-confirmation-banner.tsx';

type Values = { name: string; email: string };

/** The first organizer: its name, and a contact address only when one was typed. */
const organizerBody = (values: Values) => ({
  name: values.name.trim(),
  ...(values.email.trim() ? { email: values.email.trim() } : {}),
});
const validate = schemaValidate<Values>(createOrganizerSchema, { toInput: organizerBody });

/** /welcome: first-run onboarding. Step 1 creates the first organizer, step 2 leads to the first event. */
export function WelcomePage() {
  const { t } = useLingui();
  const hasToken = Boolean(getToken());
  const me = useCurrentUser(hasToken);
  const [step, setStep] = useState(0);
  const [organizer, setOrganizer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // Onboarding runs once: an account that already has an organizer goes straight to its events.
  const onboarded = useQuery({
    queryKey: ['organizers', 'any'],
    queryFn: hasOrganizer,
    enabled: hasToken,
    gcTime: 0,
  });
  const form = useForm<Values>({ initialValues: { name: '', email: '' }, validate });

  if (!hasToken) return <Navigate to="/auth/login" replace />;
  if (onboarded.data && organizer === null) return <Navigate to="/manage/events" replace />;
  if (!me.data || onboarded.isPending) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  const user = me.data;

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const res = await createOrganizer(organizerBody(values));
      setOrganizer(res.data.name);
      const { account } = user;
      if (can(user, 'account:manage') && account.name === `${user.first_name} ${user.last_name}`) {
        await renameAccount({
          name: res.data.name,
          currency: account.currency,
          timezone: account.timezone,
        }).catch(() => undefined);
        await queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
      }
      setStep(1);
    } catch (error) {
      showSubmitError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`¡Hola, ${user.first_name}! Vamos a preparar tu cuenta`}
      subtitle={t`Dos pasos y estarás listo para vender entradas.`}
      width={560}
    >
      <EmailConfirmationBanner user={user} />
      <Stepper active={step} size="sm" orientation="horizontal" allowNextStepsSelect={false}>
        <Stepper.Step label={t`Organizador`} description={t`Quién organiza`}>
          <form onSubmit={form.onSubmit(submit)} noValidate>
            <Stack mt="md">
              <Text size="sm" c="dimmed">
                <Trans>
                  El organizador es el nombre público con el que vendes: una sala, una compañía, un festival.
                  Podrás añadir más después.
                </Trans>
              </Text>
              <TextInput
                label={t`Nombre del organizador`}
                placeholder={t`p. ej. Sala Riviera`}
                required
                {...form.getInputProps('name')}
              />
              <TextInput
                label={t`Correo de contacto para los compradores`}
                description={t`Opcional. Aparece en los correos de confirmación de pedido.`}
                type="email"
                placeholder={user.email}
                {...form.getInputProps('email')}
              />
              <Group justify="space-between">
                <Anchor component={Link} to="/manage/events" size="sm" c="dimmed">
                  {t`Hacerlo más tarde`}
                </Anchor>
                <Button type="submit" loading={busy}>
                  {t`Crear organizador`}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t`Primer evento`} description={t`Qué vendes`}>
          <Stack mt="md" align="flex-start">
            <Group gap="xs" c="teal">
              <IconCheck size={18} />
              <Text size="sm">{t`Organizador «${organizer ?? ''}» creado.`}</Text>
            </Group>
            <Text size="sm">
              <Trans>
                Ahora crea tu primer evento: pon nombre y fecha, añade entradas y publícalo cuando quieras.
              </Trans>
            </Text>
            <Group justify="space-between" w="100%">
              <Anchor component={Link} to="/manage/events" size="sm" c="dimmed">
                {t`Ir al panel`}
              </Anchor>
              <Button
                component={Link}
                to="/manage/events?create=1"
                leftSection={<IconCalendarPlus size={18} />}
              >
                {t`Crear mi primer evento`}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </AuthLayout>
  );
}
