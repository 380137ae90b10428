import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Modal, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { wallTimeToInstant } from '@taquilla/shared/dates';
import { type EventDate, moveDateInput } from '@taquilla/shared/schemas/event-dates';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useEventDates, useMoveDate } from '../api.ts';
import { FromDayPicker } from './from-day-picker.tsx';

type Values = { to_event_date_id: string; notify_buyers: boolean };

/**
 * Moves one date's orders to another date: the date is cancelled at once and its orders follow in the
 * background, each with its tickets (same codes) and its buyer told in their language. The server says
 * which dates can take them (`can_take_moved_orders`); the list offers them from today, or from a day.
 */
export function MoveDateDialog(props: {
  eventId: string;
  date: EventDate;
  label: string;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  // The dates still to come, from a day the organizer may choose (an event can have 5,000).
  const [now] = useState(() => new Date().toISOString());
  const [day, setDay] = useState('');
  const from = day ? wallTimeToInstant(`${day} 00:00`, props.timeZone) : now;
  const dates = useEventDates(props.eventId, { from });
  const move = useMoveDate(props.eventId);
  const form = useForm<Values>({
    initialValues: { to_event_date_id: '', notify_buyers: true },
    validate: schemaValidate<Values>(moveDateInput),
  });
  const many = (dates.data?.meta.total ?? 0) > (dates.data?.data.length ?? 0) || day !== '';
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const listed = (dates.data?.data ?? [])
    .filter((d) => d.id !== props.date.id && d.can_take_moved_orders)
    .map((d) => ({ value: d.id, label: formatDateRange(d.starts_at, d.ends_at, props.timeZone) }));
  // The chosen date keeps its name when the list moves to another day.
  const targets = picked && !listed.some((o) => o.value === picked.value) ? [picked, ...listed] : listed;

  const submit = form.onSubmit(async (v) => {
    try {
      const { orders } = await move.mutateAsync({ id: props.date.id, ...v });
      notifications.show({
        color: 'teal',
        message: orders
          ? plural(orders, {
              one: 'Fecha cancelada: se está pasando # pedido a la nueva fecha.',
              other: 'Fecha cancelada: se están pasando # pedidos a la nueva fecha.',
            })
          : t`Fecha cancelada: no tenía pedidos que pasar.`,
      });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t`Cerrar` }}
      opened
      onClose={props.onClose}
      title={t`Pasar los pedidos de ${props.label} a otra fecha`}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert color="orange" variant="light">
            <Trans>
              Esta fecha se cancela al momento y sus pedidos pasan a la fecha que elijas, con las mismas
              entradas y códigos. Un pedido que no quepa en la nueva fecha se queda en esta: podrás cancelarlo
              y devolverlo después.
            </Trans>
          </Alert>
          {many && <FromDayPicker timeZone={props.timeZone} value={day} onChange={setDay} />}
          <Select
            label={t`Nueva fecha`}
            placeholder={t`Elige una fecha`}
            data={targets}
            nothingFoundMessage={t`No hay otra fecha por venir.`}
            searchable
            required
            allowDeselect={false}
            {...form.getInputProps('to_event_date_id')}
            value={form.values.to_event_date_id || null}
            onChange={(v, option) => {
              form.setFieldValue('to_event_date_id', v ?? '');
              setPicked(option ?? null);
            }}
          />
          <Checkbox
            label={t`Avisar a los compradores por correo, en su idioma`}
            {...form.getInputProps('notify_buyers', { type: 'checkbox' })}
          />
          <FormActions
            onCancel={props.onClose}
            loading={move.isPending}
            submitLabel={<Trans>Pasar los pedidos</Trans>}
          />
        </Stack>
      </form>
    </Modal>
  );
}
