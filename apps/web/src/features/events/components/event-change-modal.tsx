import { Plural, Trans } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ManageEvent } from '@taquilla/shared/schemas/events';

/** A change to the event that needs the organizer's yes first: what it does to buyers and the event. */
export type EventChange = 'unpublish' | 'archive' | 'delete';

export function EventChangeModal(props: {
  change: EventChange | null;
  event: ManageEvent;
  pending: boolean;
  onConfirm: (change: EventChange) => void;
  onClose: () => void;
}) {
  const { change, event } = props;
  const orders = event.stats.orders_count;
  const title =
    change === 'unpublish' ? (
      <Trans>¿Despublicar el evento?</Trans>
    ) : change === 'archive' ? (
      <Trans>¿Archivar el evento?</Trans>
    ) : (
      <Trans>¿Eliminar el evento?</Trans>
    );
  return (
    <Modal opened={change !== null} onClose={props.onClose} title={title} centered>
      <Stack gap="sm">
        {change !== 'delete' && orders > 0 && (
          <Text fw={600}>
            <Plural value={orders} one="Este evento tiene # pedido." other="Este evento tiene # pedidos." />
          </Text>
        )}
        {change === 'unpublish' && (
          <Text size="sm">
            <Trans>
              Su página pública dejará de estar disponible y nadie más podrá comprar entradas. Quien ya compró
              conserva sus entradas y puede entrar al evento; no se avisa a nadie. Puedes volver a publicarlo
              cuando quieras.
            </Trans>
          </Text>
        )}
        {change === 'archive' && (
          <Text size="sm">
            <Trans>
              Su página pública dejará de estar disponible, no se venderán más entradas y el evento saldrá de
              tu lista de eventos activos. Los pedidos, las entradas y los informes se conservan, y quien
              compró puede entrar al evento. Puedes restaurarlo más adelante.
            </Trans>
          </Text>
        )}
        {change === 'delete' && (
          <Text size="sm">
            <Trans>
              Se borrarán el evento, sus entradas, preguntas, códigos promocionales y ajustes. Nadie ha
              comprado todavía. Esto no se puede deshacer.
            </Trans>
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={props.onClose}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button
            color={change === 'unpublish' ? undefined : 'red'}
            loading={props.pending}
            onClick={() => change && props.onConfirm(change)}
          >
            {change === 'unpublish' ? (
              <Trans>Despublicar</Trans>
            ) : change === 'archive' ? (
              <Trans>Archivar</Trans>
            ) : (
              <Trans>Eliminar</Trans>
            )}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
