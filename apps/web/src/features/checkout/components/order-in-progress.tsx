import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { PublicOrder } from '@taquilla/shared';
import { useState } from 'react';
import { Countdown } from './countdown.tsx';

/** The event page's offer about a reservation this browser left unfinished: resume it, or free its units. */
export function OrderInProgress(props: {
  order: PublicOrder;
  checkoutUrl: string;
  onRelease: () => Promise<unknown>;
}) {
  const { t } = useLingui();
  const [releasing, setReleasing] = useState(false);
  const [gone, setGone] = useState(false);
  if (gone) return null;
  const release = async () => {
    setReleasing(true);
    try {
      await props.onRelease();
    } finally {
      setReleasing(false);
    }
  };
  return (
    <Alert color="blue" title={t`Tienes un pedido sin terminar`} data-testid="order-in-progress">
      <Stack gap="xs">
        <Stack gap={0}>
          {props.order.items.map((item) => (
            <Text key={item.id} size="sm">
              {item.quantity} × {item.ticket_name}
              {item.price_label ? ` – ${item.price_label}` : ''}
            </Text>
          ))}
        </Stack>
        <Countdown until={props.order.reserved_until} onExpire={() => setGone(true)} />
        <Text size="sm">
          <Trans>Si eliges otras entradas, este pedido se liberará.</Trans>
        </Text>
        <Group gap="xs">
          <Button component="a" href={props.checkoutUrl} size="sm">
            <Trans>Continuar con este pedido</Trans>
          </Button>
          <Button variant="default" size="sm" loading={releasing} onClick={() => void release()}>
            <Trans>Liberar las entradas</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
