import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type BulkEditDatesInput,
  bulkEditDatesInput,
  type EventDateStatus,
} from '@taquilla/shared/schemas/event-dates';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useBulkEditDates } from '../api.ts';
import {
  DatePricesFields,
  pricesBody,
  pricesErrors,
  SaleWindowFields,
  type TermsValues,
  windowBody,
  withPriceFields,
} from './date-terms-fields.tsx';
import { useStatusOptions } from './status-badge.tsx';

type Values = TermsValues & {
  change_window: boolean;
  change_prices: boolean;
  shift_hours: number | string;
  shift_minutes: number | string;
  change_capacity: boolean;
  capacity: number | string;
  status: EventDateStatus | null;
};

/** What the form sends: only what was filled in (hours and minutes as one shift). */
const bodyOf = (
  ids: string[],
  v: Values,
  zone: { timeZone: string; currency: string },
): BulkEditDatesInput => {
  const shift = Number(v.shift_hours || 0) * 60 + Number(v.shift_minutes || 0);
  return {
    date_ids: ids,
    ...(shift ? { shift_minutes: shift } : {}),
    ...(v.change_capacity ? { capacity: v.capacity === '' ? null : Number(v.capacity) } : {}),
    ...(v.status ? { status: v.status } : {}),
    // A window or prices left empty here clear the dates' own (back to the tickets').
    ...(v.change_window ? windowBody(v, zone.timeZone) : {}),
    ...(v.change_prices ? { prices: pricesBody(v, zone.currency) } : {}),
  };
};

/**
 * Changes several dates at once: moves them in time, sets their capacity, their status, their own sale
 * window or their own prices.
 */
export function BulkEditForm(props: {
  eventId: string;
  ids: string[];
  timeZone: string;
  currency: string;
  tickets: Ticket[];
  onClose: (done: boolean) => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const edit = useBulkEditDates(props.eventId);
  const statuses = useStatusOptions();
  const form = useForm<Values>({
    initialValues: {
      shift_hours: 0,
      shift_minutes: 0,
      change_capacity: false,
      capacity: '',
      status: null,
      change_window: false,
      change_prices: false,
      sale_starts_at: null,
      sale_ends_at: null,
      prices: {},
    },
    validate: (v) => ({
      ...schemaValidate<Values>(bulkEditDatesInput, {
        // The amounts are checked apart (as amounts of the currency): the schema sees the rest.
        toInput: (x) => bodyOf(props.ids, { ...x, prices: {} }, props),
      })(v),
      ...(v.change_prices ? pricesErrors(v, props.currency) : {}),
    }),
  });

  const submit = form.onSubmit(async (v) => {
    const body = bodyOf(props.ids, v, props);
    try {
      const { updated } = await edit.mutateAsync(body);
      notifications.show({
        color: 'teal',
        message: plural(updated, { one: '# fecha actualizada', other: '# fechas actualizadas' }),
      });
      props.onClose(true);
    } catch (error) {
      showSubmitError(withPriceFields(error, body.prices ?? []), form);
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t`Cerrar` }}
      opened
      onClose={() => props.onClose(false)}
      title={plural(props.ids.length, { one: 'Editar # fecha', other: 'Editar # fechas' })}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>Solo cambia lo que rellenes. Un número negativo adelanta las fechas.</Trans>
          </Text>
          <NumberInput label={t`Mover (horas)`} allowDecimal={false} {...form.getInputProps('shift_hours')} />
          <NumberInput
            label={t`Mover (minutos)`}
            allowDecimal={false}
            {...form.getInputProps('shift_minutes')}
          />
          <Checkbox
            label={t`Cambiar el aforo`}
            {...form.getInputProps('change_capacity', { type: 'checkbox' })}
          />
          {form.values.change_capacity && (
            <NumberInput
              label={t`Aforo de cada fecha`}
              description={t`Vacío: solo limitan las cantidades de las entradas.`}
              min={1}
              allowDecimal={false}
              {...form.getInputProps('capacity')}
            />
          )}
          <Select
            label={t`Estado`}
            placeholder={t`No cambiar`}
            data={statuses}
            clearable
            {...form.getInputProps('status')}
          />
          <Checkbox
            label={t`Cambiar la venta de estas fechas`}
            {...form.getInputProps('change_window', { type: 'checkbox' })}
          />
          {form.values.change_window && <SaleWindowFields form={form} />}
          <Checkbox
            label={t`Cambiar los precios de estas fechas`}
            {...form.getInputProps('change_prices', { type: 'checkbox' })}
          />
          {form.values.change_prices && (
            <DatePricesFields form={form} tickets={props.tickets} currency={props.currency} />
          )}
          {form.errors.date_ids && (
            <Text size="sm" c="red" role="alert">
              {form.errors.date_ids}
            </Text>
          )}
          <FormActions onCancel={() => props.onClose(false)} loading={edit.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
