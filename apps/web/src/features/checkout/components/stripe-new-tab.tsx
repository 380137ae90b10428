import { Trans } from '@lingui/react/macro';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * Stripe inside the embeddable widget's frame: its redirect-based methods (bank redirects, wallets)
 * cannot run in a frame, so the payment opens in a tab of its own — the usual checkout payment step —
 * and the frame watches the order, moving on to the summary once the payment is settled there.
 */
export function StripeInNewTab(props: { eventId: string; shortId: string; amount: string }) {
  const { eventId, shortId } = props;
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!opened) return;
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ queryKey: ['public-order', eventId, shortId] }),
      3000,
    );
    return () => window.clearInterval(timer);
  }, [opened, queryClient, eventId, shortId]);

  const open = () => {
    window.open(`/checkout/${encodeURIComponent(eventId)}/${encodeURIComponent(shortId)}/payment`, '_blank');
    setOpened(true);
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>
          El pago se abre en una pestaña segura de Taquilla. Cuando termines, vuelve aquí: esta ventana se
          actualizará sola.
        </Trans>
      </Text>
      {opened && (
        <Group gap="xs" data-testid="waiting-payment">
          <Loader size="xs" />
          <Text size="sm">
            <Trans>Esperando el pago en la otra pestaña…</Trans>
          </Text>
        </Group>
      )}
      <Button size="md" fullWidth variant={opened ? 'default' : 'filled'} onClick={open}>
        {opened ? <Trans>Abrir de nuevo la pestaña de pago</Trans> : <Trans>Pagar {props.amount}</Trans>}
      </Button>
    </Stack>
  );
}
