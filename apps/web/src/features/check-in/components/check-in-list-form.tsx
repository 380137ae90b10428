import { useLingui } from '@lingui/react/macro';
import { Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import '../../../lib/dayjs-locales.ts';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type CheckInList, type CheckInListInput, checkInListInput } from '@taquilla/shared/schemas/check-in';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateTime, fromWallTime, toWallTime } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useEventDates } from '../../event-dates/api.ts';
import { useSaveCheckInList } from '../api.ts';

/** The «Fecha» choice that stands for every date of the event (the list's `event_date_id` null). */
const EVERY_DATE = 'all';

type Values = {
  name: string;
  ticket_ids: string[];
  activates_at: string | null;
  expires_at: string | null;
  event_date_id: string;
};

const listBody = (v: Values, tz: string): CheckInListInput => ({
  name: v.name.trim(),
  ticket_ids: v.ticket_ids,
  activates_at: fromWallTime(v.activates_at, tz),
  expires_at: fromWallTime(v.expires_at, tz),
  event_date_id: v.event_date_id === EVERY_DATE ? null : v.event_date_id,
});
const validateList = schemaValidate(checkInListInput);

/**
 * Create or edit a check-in list: its name, which tickets it admits, on which of the event's dates (when it
 * has more than one), and when its link works.
 */
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
  const dates = useEventDates(props.eventId);
  const { item, timezone: tz } = props;
  const form = useForm<Values>({
    initialValues: {
      name: item?.name ?? '',
      ticket_ids: item?.ticket_ids ?? [],
      activates_at: toWallTime(item?.activates_at ?? null, tz),
      expires_at: toWallTime(item?.expires_at ?? null, tz),
      event_date_id: item?.event_date?.id ?? EVERY_DATE,
    },
    validate: (values) => validateList(listBody(values, tz)),
  });

  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: item?.id, ...listBody(v, tz) });
      notifications.show({ color: 'teal', message: t`Lista guardada` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
    }
  });

  // The list's own date stays a choice even when it is beyond the first page of dates.
  const listed = dates.data?.data ?? [];
  const own = item?.event_date && !listed.some((d) => d.id === item.event_date?.id) ? [item.event_date] : [];
  const dateOptions = [
    { value: EVERY_DATE, label: t`Todas las fechas` },
    ...[...own, ...listed].map((d) => ({ value: d.id, label: formatDateTime(d.starts_at, tz) })),
  ];

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
            {dateOptions.length > 2 || item?.event_date ? (
              <Select
                label={t`Fecha`}
                description={t`Una lista de una fecha solo admite las entradas de esa fecha.`}
                searchable
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                data={dateOptions}
                {...form.getInputProps('event_date_id')}
              />
            ) : null}
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
