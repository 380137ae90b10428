import { useLingui } from '@lingui/react/macro';
import { Divider, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type EventDate,
  type EventDateInput,
  type EventDateStatus,
  eventDateInput,
} from '@taquilla/shared/schemas/event-dates';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { fromWallTime, toWallTime } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { DateTimeInput } from '../../selling/components/date-time-input.tsx';
import { useSaveDate } from '../api.ts';
import {
  DatePricesFields,
  pricesBody,
  pricesErrors,
  SaleWindowFields,
  type TermsValues,
  termsInitial,
  windowBody,
  withPriceFields,
} from './date-terms-fields.tsx';
import { useStatusOptions } from './status-badge.tsx';

type Values = TermsValues & {
  starts_at: string | null;
  ends_at: string | null;
  status: EventDateStatus;
  capacity: number | string;
  location: { venue_name: string; city: string };
};

/** What the form sends: wall times of the event's zone as instants, the venue only when named. */
const bodyOf = (v: Values, timeZone: string, currency: string): EventDateInput => ({
  ...baseOf(v, timeZone),
  ...windowBody(v, timeZone),
  prices: pricesBody(v, currency),
});

const baseOf = (v: Values, timeZone: string): EventDateInput => {
  const venue = v.location.venue_name.trim();
  const city = v.location.city.trim();
  return {
    starts_at: fromWallTime(v.starts_at, timeZone) ?? '',
    ends_at: fromWallTime(v.ends_at, timeZone),
    status: v.status,
    capacity: v.capacity === '' ? null : Number(v.capacity),
    location: venue ? { venue_name: venue, ...(city ? { city } : {}) } : null,
  };
};

/**
 * Adds or edits one date: start and end in the event's zone, status, own capacity, another venue, its
 * own sale window and its own prices.
 */
export function DateForm(props: {
  eventId: string;
  timeZone: string;
  currency: string;
  tickets: Ticket[];
  date: EventDate | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveDate(props.eventId);
  const statuses = useStatusOptions();
  const { date, timeZone, currency } = props;
  const form = useForm<Values>({
    initialValues: {
      starts_at: toWallTime(date?.starts_at, timeZone),
      ends_at: toWallTime(date?.ends_at, timeZone),
      status: date?.status ?? 'ON_SALE',
      capacity: date?.capacity ?? '',
      location: { venue_name: date?.location?.venue_name ?? '', city: date?.location?.city ?? '' },
      ...termsInitial(date, timeZone, currency),
    },
    // The amounts are checked as amounts of the currency; the rest by the shared schema.
    validate: (v) => ({
      ...schemaValidate<Values>(eventDateInput, {
        toInput: (x) => ({ ...baseOf(x, timeZone), ...windowBody(x, timeZone) }),
      })(v),
      ...pricesErrors(v, currency),
    }),
  });

  const submit = form.onSubmit(async (v) => {
    const body = bodyOf(v, timeZone, currency);
    try {
      await save.mutateAsync({ id: date?.id, ...body });
      notifications.show({ color: 'teal', message: t`Fecha guardada` });
      props.onClose();
    } catch (error) {
      showSubmitError(withPriceFields(error, body.prices ?? []), form);
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t`Cerrar` }}
      opened
      onClose={props.onClose}
      title={date ? t`Editar fecha` : t`Añadir fecha`}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DateTimeInput label={t`Empieza`} required clearable={false} {...form.getInputProps('starts_at')} />
          <DateTimeInput label={t`Termina`} {...form.getInputProps('ends_at')} />
          <Select label={t`Estado`} data={statuses} allowDeselect={false} {...form.getInputProps('status')} />
          <NumberInput
            label={t`Aforo de esta fecha`}
            description={t`Vacío: solo limitan las cantidades de las entradas.`}
            min={1}
            allowDecimal={false}
            {...form.getInputProps('capacity')}
          />
          <TextInput
            label={t`Otro lugar`}
            description={t`Solo si esta fecha no es en el lugar del evento (una gira).`}
            {...form.getInputProps('location.venue_name')}
          />
          {form.values.location.venue_name.trim() && (
            <TextInput label={t`Ciudad`} {...form.getInputProps('location.city')} />
          )}
          <Divider />
          <SaleWindowFields form={form} />
          <Divider />
          <DatePricesFields form={form} tickets={props.tickets} currency={currency} />
          <FormActions onCancel={props.onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
