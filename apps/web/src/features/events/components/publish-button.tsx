import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import type { ManageEventDetail } from '@taquilla/shared/schemas/events';
import { useState } from 'react';
import { Link } from 'react-router';

/**
 * "Publicar". When no real payment method is set up (only simulated test payments), the organizer is
 * told first that buyers would pay nothing real, and may set payments up or publish anyway.
 */
export function PublishButton(props: {
  event: Pick<ManageEventDetail, 'id' | 'checklist'>;
  loading: boolean;
  onPublish: () => Promise<void> | void;
  size?: ButtonProps['size'];
}) {
  const { t } = useLingui();
  const [warning, setWarning] = useState(false);
  // Without tickets the server refuses to publish and says why: no need to warn about payments first.
  const { payment_set_up: paymentSetUp, tickets_created: ticketsCreated } = props.event.checklist;
  const testModeOnly = ticketsCreated && !paymentSetUp;
  const publish = async () => {
    setWarning(false);
    await props.onPublish();
  };
  return (
    <>
      <Button
        size={props.size ?? 'sm'}
        leftSection={<IconRocket size={16} />}
        loading={props.loading}
        onClick={() => (testModeOnly ? setWarning(true) : void publish())}
      >
        <Trans>Publicar</Trans>
      </Button>
      <Modal opened={warning} onClose={() => setWarning(false)} title={t`Este evento está en modo de prueba`}>
        <Stack gap="md" data-testid="publish-test-mode-warning">
          <Text size="sm">
            <Trans>
              No hay ningún método de pago real configurado: los compradores solo podrán pagar con tarjetas de
              prueba y no se cobrará dinero real. La página pública mostrará el aviso «Modo de prueba».
            </Trans>
          </Text>
          <Anchor component={Link} to={`/manage/event/${props.event.id}/settings#pagos`} size="sm">
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
    </>
  );
}
