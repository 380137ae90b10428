import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Modal, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type EventDate, moveDateInput } from '@taquilla/shared/schemas/event-dates';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useEventDates, useMoveDate } from '../api.ts';

type Values = { to_event_date_id: string; notify_buyers: boolean };

/**
 * Moves one date's orders to another date: the date is cancelled at once and its orders follow in the
 * background, each with its tickets (same codes) and its buyer told in their language. The server says
 * which dates can take them; the list offers the event's other dates still to come.
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
  const dates = useEventDates(props.eventId);
  const move = useMoveDate(props.eventId);
  const form = useForm<Values>({
    initialValues: { to_event_date_id: '', notify_buyers: true },
    validate: schemaValidate<Values>(moveDateInput),
  });
  const now = Date.now();
  const targets = (dates.data?.data ?? [])
    .filter((d) => d.id !== props.date.id && d.status !== 'CANCELLED' && Date.parse(d.starts_at) > now)
    .map((d) => ({ value: d.id, label: formatDateRange(d.starts_at, d.ends_at, props.timeZone) }));

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
            onChange={(v) => form.setFieldValue('to_event_date_id', v ?? '')}
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
