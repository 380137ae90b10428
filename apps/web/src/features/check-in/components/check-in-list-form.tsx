import { useLingui } from '@lingui/react/macro';
import { Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import '../../../lib/dayjs-locales.ts';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { CheckInList } from '@taquilla/shared/schemas/check-in';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { fromWallTime, toWallTime } from '../../../lib/format.ts';
import { useSaveCheckInList } from '../api.ts';

/** Create or edit a check-in list: its name, which tickets it admits, and when its link works. */
export function CheckInListForm(props: {
  eventId: string;
  timezone: string;
  tickets: Ticket[];
  item: CheckInList | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveCheckInList(props.eventId);
  const { item, timezone: tz } = props;
  const form = useForm({
    initialValues: {
      name: item?.name ?? '',
      ticket_ids: item?.ticket_ids ?? [],
      activates_at: toWallTime(item?.activates_at ?? null, tz),
      expires_at: toWallTime(item?.expires_at ?? null, tz),
    },
    validate: {
      name: (v) =>
        v.trim().length === 0
          ? t`Indica el nombre de la lista.`
          : v.trim().length >= 150
            ? t`El nombre debe tener menos de 150 caracteres.`
            : null,
      expires_at: (v, values) =>
        v && values.activates_at && v <= values.activates_at
          ? t`La caducidad debe ser posterior a la activación.`
          : null,
    },
  });

  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({
        id: item?.id,
        name: v.name.trim(),
        ticket_ids: v.ticket_ids,
        activates_at: fromWallTime(v.activates_at, tz),
        expires_at: fromWallTime(v.expires_at, tz),
      });
      notifications.show({ color: 'teal', message: t`Lista guardada` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
    }
  });

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={item ? t`Editar lista de acceso` : t`Nueva lista de acceso`}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
          <Stack gap="md">
            <TextInput
              label={t`Nombre`}
              placeholder={t`p. ej. Puerta principal`}
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <MultiSelect
              label={t`Entradas`}
              description={t`Deja vacío para admitir todas las entradas del evento.`}
              placeholder={form.values.ticket_ids.length ? undefined : t`Todas las entradas`}
              searchable
              clearable
              comboboxProps={{ withinPortal: true }}
              data={props.tickets.map((ticket) => ({ value: ticket.id, label: ticket.name }))}
              {...form.getInputProps('ticket_ids')}
            />
            <DateTimePicker
              label={t`Se activa`}
              description={t`Opcional: antes de esta hora el enlace no funciona.`}
              valueFormat="DD/MM/YYYY HH:mm"
              clearable
              {...form.getInputProps('activates_at')}
            />
            <DateTimePicker
              label={t`Caduca`}
              description={t`Opcional: después de esta hora el enlace deja de funcionar.`}
              valueFormat="DD/MM/YYYY HH:mm"
              clearable
              {...form.getInputProps('expires_at')}
            />
            <Text size="xs" c="dimmed">
              {t`Horas en la zona horaria del evento (${tz}).`}
            </Text>
            <FormActions onCancel={props.onClose} loading={save.isPending} />
          </Stack>
        </DatesProvider>
      </form>
    </Modal>
  );
}
