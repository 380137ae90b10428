import { useLingui } from '@lingui/react/macro';
import { Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { CapacityAssignment } from '@taquilla/shared/schemas/capacity';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { FormActions } from '../../../components/form-actions.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useSaveCapacity } from '../api.ts';
import { scrollToFirstError } from '../lib/scroll-to-error.ts';
import { TicketSelect } from './ticket-select.tsx';

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
  const form = useForm({
    initialValues: {
      name: item?.name ?? '',
      capacity: (item?.capacity ?? '') as number | string,
      active: item ? item.status === 'ACTIVE' : true,
      ticket_ids: item?.ticket_ids ?? [],
    },
    validate: {
      name: (v) => (v.trim() ? null : t`Pon un nombre al aforo.`),
      capacity: (v) => (Number(v) >= 1 ? null : t`Indica un aforo de al menos 1.`),
      ticket_ids: (v) => (v.length ? null : t`Elige al menos una entrada.`),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: item?.id,
        name: values.name.trim(),
        capacity: Number(values.capacity),
        status: values.active ? 'ACTIVE' : 'INACTIVE',
        ticket_ids: values.ticket_ids,
      });
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
