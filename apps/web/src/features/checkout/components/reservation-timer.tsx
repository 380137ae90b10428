import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { CheckoutOrder } from '@taquilla/shared/schemas/checkout';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { extendReservation } from '../api.ts';
import { Countdown } from './countdown.tsx';

/**
 * The reservation's countdown, kept in view while the buyer scrolls the details form. Two minutes before
 * it runs out the buyer is warned and, once per order (the server's `can_extend`), offered more time.
 */
export function ReservationTimer(props: {
  eventId: string;
  order: Pick<CheckoutOrder, 'short_id' | 'reserved_until' | 'can_extend'>;
  onExpire: () => void;
  onExtended: (order: CheckoutOrder) => void;
}) {
  const { t } = useLingui();
  const sticky = useKeptClearOfFocus();
  const [extending, setExtending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const extend = async () => {
    setExtending(true);
    setError(null);
    try {
      props.onExtended(await extendReservation(props.eventId, props.order.short_id));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setExtending(false);
    }
  };
  return (
    <Paper
      ref={sticky}
      withBorder
      p="xs"
      radius="md"
      data-testid="reservation-timer"
      style={{ position: 'sticky', top: 0, zIndex: 3, background: 'var(--mantine-color-body)' }}
    >
      <Countdown
        until={props.order.reserved_until}
        onExpire={props.onExpire}
        warning={() => (
          <Alert color="orange" role="alert" w="100%" p="xs" title={t`Tu reserva caduca pronto`}>
            <Stack gap="xs">
              {props.order.can_extend ? (
                <Group justify="space-between" gap="xs">
                  <Text size="sm">
                    <Trans>Si necesitas más tiempo para terminar, puedes pedirlo una vez.</Trans>
                  </Text>
                  <Button size="xs" loading={extending} onClick={() => void extend()}>
                    <Trans>Necesito más tiempo</Trans>
                  </Button>
                </Group>
              ) : (
                <Text size="sm">
                  <Trans>Completa el pedido antes de que acabe el tiempo o las entradas se liberarán.</Trans>
                </Text>
              )}
              {error && (
                <Text size="sm" c="var(--mantine-color-error)">
                  {error}
                </Text>
              )}
            </Stack>
          </Alert>
        )}
      />
    </Paper>
  );
}

/**
 * The page scrolls a focused field below the sticky countdown, not under it (WCAG 2.4.11): the
 * document's scroll padding follows the countdown's height, which grows with its warning.
 */
function useKeptClearOfFocus() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const follow = () => {
      root.style.scrollPaddingTop = `${el.offsetHeight + 8}px`;
    };
    follow();
    const observer = new ResizeObserver(follow);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
    };
  }, []);
  return ref;
}
