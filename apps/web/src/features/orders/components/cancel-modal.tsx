import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { OrganizerOrder } from '@taquilla/shared/schemas/checkout';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useCancelOrder } from '../api.ts';

/** Asks before cancelling and says what it does: tickets stop working, units go back on sale, no refund. */
export function CancelModal(props: { order: OrganizerOrder; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const cancel = useCancelOrder(props.order.event_id);
  const [notify, setNotify] = useState(true);
  const { order } = props;
  const units = order.attendees.filter((a) => a.status !== 'CANCELLED').length;
  // A double click must not send the cancellation twice (the second would answer "already cancelled").
  const once = useSingleFlight();
  const run = () =>
    once('cancel', async () => {
      try {
        await cancel.mutateAsync({ orderId: order.id, body: { notify_buyer: notify } });
        notifications.show({ color: 'teal', message: t`Pedido ${order.short_id} cancelado.` });
        props.onClose();
      } catch (err) {
        notifications.show({ color: 'red', message: errorMessage(err) });
      }
    });
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t`¿Cancelar el pedido ${order.short_id}?`}
      fullScreen={phone}
    >
      <Stack gap="md">
        <Alert color="red" variant="light">
          <Stack gap={4}>
            <Text size="sm">
              <Plural
                value={units}
                one="Su entrada dejará de valer en la puerta y volverá a estar a la venta."
                other="Sus # entradas dejarán de valer en la puerta y volverán a estar a la venta."
              />
            </Text>
            {order.refundable_cents > 0 && (
              <Text size="sm">
                <Trans>
                  Cancelar no devuelve el dinero: quedan {formatMoney(order.refundable_cents, order.currency)}{' '}
                  por devolver. Usa «Devolver dinero» para eso.
                </Trans>
              </Text>
            )}
          </Stack>
        </Alert>
        <Checkbox
          label={t`Avisar al comprador por correo`}
          checked={notify}
          onChange={(e) => setNotify(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            <Trans>Volver</Trans>
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={() => void run()}>
            <Trans>Cancelar pedido</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
