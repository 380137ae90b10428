import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, NumberInput, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type EventDefaults,
  type EventDefaultsInput,
  eventDefaultsSchema,
  ORDER_TIMEOUT_MAX,
  ORDER_TIMEOUT_MIN,
} from '@taquilla/shared/schemas/events';
import { NoPermission } from '../../../components/no-permission.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { TimeZoneSelect } from '../../../components/time-zone-select.tsx';
import { can, useCurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useEventDefaults, useSaveEventDefaults } from '../api.ts';
import { CurrencySelect } from '../components/zone-currency-fields.tsx';

export function EventDefaultsPage() {
  const me = useCurrentUser();
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        <Trans>Valores predeterminados de los eventos</Trans>
      </Title>
      <Text c="dimmed" size="sm">
        <Trans>
          Se aplican a cada evento nuevo; después puedes cambiarlos en los ajustes de cada evento.
        </Trans>
      </Text>
      {!me.data ? (
        <PageLoader />
      ) : can(me.data, 'account:manage') ? (
        <LoadedDefaults />
      ) : (
        // Changing the defaults needs `account:manage` (the API answers 403): the user is told, not shown a form.
        <NoPermission />
      )}
    </Stack>
  );
}

function LoadedDefaults() {
  const defaults = useEventDefaults();
  if (defaults.isError) return <PageError error={defaults.error} />;
  if (!defaults.data) return <PageLoader />;
  return <DefaultsForm defaults={defaults.data} />;
}

type Values = Omit<EventDefaults, 'order_timeout_minutes' | 'support_email'> & {
  order_timeout_minutes: number | string;
  support_email: string;
};

/** What the form sends; an emptied number is sent as typed, for the schema to refuse (never a default). */
const defaultsBody = (v: Values) => ({ ...v, support_email: v.support_email.trim() || null });
const validateDefaults = schemaValidate<Values>(eventDefaultsSchema, { toInput: defaultsBody });

function DefaultsForm({ defaults }: { defaults: EventDefaults }) {
  const { t } = useLingui();
  const save = useSaveEventDefaults();
  const form = useForm<Values>({
    initialValues: { ...defaults, support_email: defaults.support_email ?? '' },
    validate: validateDefaults,
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync(defaultsBody(v) as EventDefaultsInput);
      notifications.show({ color: 'teal', message: t`Valores predeterminados guardados` });
    } catch (error) {
      showSubmitError(error, form);
    }
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TimeZoneSelect {...form.getInputProps('timezone')} />
          <CurrencySelect {...form.getInputProps('currency')} />
          <NumberInput
            label={t`Tiempo para completar el pedido (minutos)`}
            description={t`Recomendamos al menos 15 minutos.`}
            min={ORDER_TIMEOUT_MIN}
            max={ORDER_TIMEOUT_MAX}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps('order_timeout_minutes')}
          />
          <Radio.Group label={t`Datos de los asistentes`} {...form.getInputProps('attendee_details_mode')}>
            <Stack gap={6} mt={6}>
              <Radio value="PER_TICKET" label={t`Pedir nombre y correo de cada asistente`} />
              <Radio value="PER_ORDER" label={t`Usar los datos del comprador para todas las entradas`} />
            </Stack>
          </Radio.Group>
          <TextInput
            label={t`Correo de atención al cliente`}
            type="email"
            {...form.getInputProps('support_email')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              <Trans>Guardar</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
