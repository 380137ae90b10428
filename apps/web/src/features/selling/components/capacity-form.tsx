import { useLingui } from '@lingui/react/macro';
import { Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type CapacityAssignment,
  type CapacityAssignmentInput,
  capacityAssignmentInput,
} from '@taquilla/shared/schemas/capacity';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { DatesMultiSelect } from '../../event-dates/components/dates-multi-select.tsx';
import { useSaveCapacity } from '../api.ts';
import { scrollToFirstError } from '../lib/scroll-to-error.ts';
import { TicketSelect } from './ticket-select.tsx';

type Values = {
  name: string;
  capacity: number | string;
  active: boolean;
  ticket_ids: string[];
  event_date_ids: string[];
};

const capacityBody = (v: Values): CapacityAssignmentInput => ({
  name: v.name.trim(),
  // An empty field reads as 0, below the schema's minimum.
  capacity: Number(v.capacity),
  status: v.active ? 'ACTIVE' : 'INACTIVE',
  ticket_ids: v.ticket_ids,
  event_date_ids: v.event_date_ids,
});
const validateCapacity = schemaValidate<Values>(capacityAssignmentInput, { toInput: capacityBody });

export function CapacityForm(props: {
  eventId: string;
  item: CapacityAssignment | null;
  tickets: Ticket[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveCapacity(props.eventId);
  const { item } = props;
  const form = useForm<Values>({
    initialValues: {
      name: item?.name ?? '',
      capacity: (item?.capacity ?? '') as number | string,
      active: item ? item.status === 'ACTIVE' : true,
      ticket_ids: item?.ticket_ids ?? [],
      event_date_ids: item?.event_date_ids ?? [],
    },
    validate: validateCapacity,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: item?.id, ...capacityBody(values) });
      notifications.show({ color: 'teal', message: t`Aforo guardado` });
      props.onClose();
    } catch (error) {
      showSubmitError(error, form);
      scrollToFirstError();
    }
  }, scrollToFirstError);

  return (
    <Modal opened onClose={props.onClose} title={item ? t`Editar aforo` : t`Nuevo aforo`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t`Nombre`} placeholder={t`Aforo sala`} required {...form.getInputProps('name')} />
          <NumberInput
            label={t`Capacidad`}
            description={t`Máximo de entradas, sumando todas las elegidas.`}
            min={1}
            allowDecimal={false}
            required
            {...form.getInputProps('capacity')}
          />
          <TicketSelect
            label={t`Entradas que comparten este aforo`}
            placeholder={t`Elige entradas`}
            tickets={props.tickets}
            required
            {...form.getInputProps('ticket_ids')}
          />
          <DatesMultiSelect
            eventId={props.eventId}
            known={item?.event_dates ?? []}
            description={t`Solo cuenta y limita los pedidos de estas fechas, juntas: un mismo aforo compartido entre ellas. Sin ninguna, todas las fechas.`}
            value={form.values.event_date_ids}
            onChange={(ids) => form.setFieldValue('event_date_ids', ids)}
            error={form.errors.event_date_ids}
          />
          <Switch
            label={t`Activo`}
            description={t`Un aforo inactivo no limita la venta.`}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <FormActions onCancel={props.onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
