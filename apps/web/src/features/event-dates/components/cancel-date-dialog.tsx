import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { cancelDateInput } from '@taquilla/shared/schemas/event-dates';
import { FormActions } from '../../../components/form-actions.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import { useCancelDate } from '../api.ts';

type Values = { refund: boolean; notify_buyers: boolean };

/**
 * Cancels one date: it stops selling at once, and its orders are cancelled in the background, each
 * refunded through the provider that took its payment (when asked) and its buyer told in their language.
 */
export function CancelDateDialog(props: {
  eventId: string;
  dateId: string;
  label: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const canRefund = useCan('orders:refund');
  const cancel = useCancelDate(props.eventId);
  const form = useForm<Values>({
    initialValues: { refund: canRefund, notify_buyers: true },
    validate: schemaValidate<Values>(cancelDateInput),
  });

  const submit = form.onSubmit(async (v) => {
    try {
      const { orders } = await cancel.mutateAsync({ id: props.dateId, ...v });
      notifications.show({
        color: 'teal',
        message: orders
          ? plural(orders, {
              one: 'Fecha cancelada: se está cancelando # pedido.',
              other: 'Fecha cancelada: se están cancelando # pedidos.',
            })
          : t`Fecha cancelada: no tenía pedidos.`,
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
      title={t`Cancelar la fecha ${props.label}`}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert color="orange" variant="light">
            <Trans>
              La fecha deja de venderse al momento y sus pedidos se cancelan: sus entradas dejan de valer en
              la puerta. No se puede deshacer.
            </Trans>
          </Alert>
          <Checkbox
            label={t`Devolver a cada comprador lo que pagó`}
            description={
              canRefund
                ? t`Por el mismo medio con el que pagó. Los pedidos pendientes de transferencia solo se cancelan.`
                : t`Tu rol no permite hacer reembolsos.`
            }
            disabled={!canRefund}
            {...form.getInputProps('refund', { type: 'checkbox' })}
          />
          <Checkbox
            label={t`Avisar a los compradores por correo, en su idioma`}
            {...form.getInputProps('notify_buyers', { type: 'checkbox' })}
          />
          <Text size="sm" c="dimmed">
            <Trans>Los pedidos de las demás fechas no cambian.</Trans>
          </Text>
          <FormActions
            onCancel={props.onClose}
            loading={cancel.isPending}
            submitLabel={<Trans>Cancelar la fecha</Trans>}
          />
        </Stack>
      </form>
    </Modal>
  );
}
