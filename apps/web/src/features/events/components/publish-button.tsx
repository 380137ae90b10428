import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRocket } from '@tabler/icons-react';
import { type ManageEventDetail, PAYMENT_METHODS_NOT_READY } from '@taquilla/shared/schemas/events';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useEventStatus } from '../api.ts';

/**
 * "Publicar". When no real payment method is set up (only simulated test payments), the organizer is
 * told first that buyers would pay nothing real, and may set payments up or publish anyway. When the
 * server refuses (no ticket, a payment method that cannot take money), its message stays under the button.
 */
export function PublishButton(props: {
  event: Pick<ManageEventDetail, 'id' | 'checklist'>;
  size?: ButtonProps['size'];
}) {
  const { t } = useLingui();
  const status = useEventStatus(props.event.id);
  const [warning, setWarning] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; payments: boolean } | null>(null);
  const refusalId = useId();
  // Without tickets the server refuses to publish and says why: no need to warn about payments first.
  const { payment_set_up: paymentSetUp, tickets_created: ticketsCreated } = props.event.checklist;
  const testModeOnly = ticketsCreated && !paymentSetUp;
  const settingsLink = `/manage/event/${props.event.id}/settings#pagos`;
  const publish = async () => {
    setWarning(false);
    setRefusal(null);
    try {
      await status.mutateAsync('LIVE');
      notifications.show({ color: 'teal', message: t`Evento publicado` });
    } catch (error) {
      const payments = error instanceof ApiError && error.code === PAYMENT_METHODS_NOT_READY;
      setRefusal({ message: errorMessage(error), payments });
    }
  };
  return (
    <Stack gap={4} maw={360}>
      <Button
        size={props.size ?? 'sm'}
        leftSection={<IconRocket size={16} />}
        loading={status.isPending}
        onClick={() => (testModeOnly ? setWarning(true) : void publish())}
        aria-describedby={refusal ? refusalId : undefined}
        style={{ alignSelf: 'flex-start' }}
      >
        <Trans>Publicar</Trans>
      </Button>
      {refusal && (
        <Text size="sm" c="red.8" role="alert" id={refusalId} data-testid="publish-refusal">
          {refusal.message}{' '}
          {refusal.payments && (
            <Anchor component={Link} to={settingsLink} size="sm" underline="always">
              <Trans>Configurar los pagos del evento</Trans>
            </Anchor>
          )}
        </Text>
      )}
      <Modal opened={warning} onClose={() => setWarning(false)} title={t`Este evento está en modo de prueba`}>
        <Stack gap="md" data-testid="publish-test-mode-warning">
          <Text size="sm">
            <Trans>
              No hay ningún método de pago real configurado: los compradores solo podrán pagar con tarjetas de
              prueba y no se cobrará dinero real. La página pública mostrará el aviso «Modo de prueba».
            </Trans>
          </Text>
          <Anchor component={Link} to={settingsLink} size="sm">
            <Trans>Configurar los pagos del evento</Trans>
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWarning(false)}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button color="orange" onClick={() => void publish()}>
              <Trans>Publicar en modo de prueba</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
