import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { PublicOrder } from '@taquilla/shared';
import { type CSSProperties, useCallback, useEffect, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { changeLocale } from '../../../lib/i18n.ts';
import { errorCode, isNotFound, releaseOrder, useOrder, usePublicEvent } from '../api.ts';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import { EventUnavailable } from '../components/event-unavailable.tsx';
import classes from '../components/public.module.css';
import { PublicFooter } from '../components/public-footer.tsx';
import { ReservationTimer } from '../components/reservation-timer.tsx';
import { TestModeBanner } from '../components/test-mode-banner.tsx';
import { type CheckoutContext, EXPIRED_CODES } from '../lib/checkout-context.ts';
import { useEmbedded } from '../lib/embedded.ts';
import { eventColorStyle } from '../lib/event-colors.ts';
import { publicEventUrl } from '../lib/public-event-url.ts';

/**
 * /checkout/:eventId/:orderShortId/* — event name, the reservation countdown, then the current step. Links
 * back to the event page are full document loads: the server renders that page (public-pages module).
 */
export function CheckoutLayout() {
  const { eventId = '', orderShortId = '' } = useParams();
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const event = usePublicEvent(eventId);
  const order = useOrder(eventId, orderShortId);
  const [expired, setExpired] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const embedded = useEmbedded();

  const markExpired = useCallback(() => setExpired(true), []);
  const eventName = event.data?.name;
  useEffect(() => {
    if (eventName) document.title = `${eventName} · Taquilla`;
  }, [eventName]);
  const setOrder = useCallback(
    (next: PublicOrder) => queryClient.setQueryData(['public-order', eventId, orderShortId], next),
    [queryClient, eventId, orderShortId],
  );

  if (event.isPending || order.isPending) {
    return (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  if (event.data === null) return <EventUnavailable />;
  const eventUrl = embedded?.eventUrl ?? (event.data ? publicEventUrl(event.data) : '/');

  const shell = (body: React.ReactNode) => (
    // Inside the widget's frame the page is as tall as its content: the frame takes its height from it.
    <div
      className={classes.page}
      style={
        {
          ...eventColorStyle(embedded?.colors ?? event.data?.settings.colors),
          ...(embedded ? { minHeight: 0 } : {}),
        } as CSSProperties
      }
    >
      {event.data && <TestModeBanner event={event.data} />}
      <Container size={640} px="md" py="lg" component="main">
        {body}
      </Container>
      <PublicFooter onLocale={(locale) => void changeLocale(locale)} eventId={eventId} />
    </div>
  );

  if (event.isError) {
    return shell(
      <Alert color="red" title={t`No se ha podido cargar la página`}>
        {errorMessage(event.error)}
      </Alert>,
    );
  }
  if (order.isError && EXPIRED_CODES.has(errorCode(order.error) ?? ''))
    return shell(<ExpiredNotice eventUrl={eventUrl} />);
  if (order.isError) {
    return shell(
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h3">
            {isNotFound(order.error) ? (
              <Trans>Este pedido ya no existe</Trans>
            ) : (
              <Trans>Algo ha ido mal</Trans>
            )}
          </Title>
          <Text c="dimmed">
            {isNotFound(order.error) ? (
              <Trans>Puede que haya caducado o que se haya cancelado. Empieza un nuevo pedido.</Trans>
            ) : (
              errorMessage(order.error)
            )}
          </Text>
          <Button component="a" href={eventUrl}>
            <Trans>Empezar un nuevo pedido</Trans>
          </Button>
        </Stack>
      </Paper>,
    );
  }

  const current = order.data;
  const reserved = current.status === 'RESERVED';
  const isExpired =
    expired ||
    (reserved && new Date(current.reserved_until).getTime() <= Date.now()) ||
    current.status === 'ABANDONED';

  if (isExpired) {
    return shell(
      <Paper withBorder p="lg" radius="md" role="alert" data-testid="order-expired">
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h3">
            <Trans>Tu pedido ha caducado</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>
              El tiempo para completar el pedido se ha agotado y las entradas se han liberado. Empieza un
              nuevo pedido.
            </Trans>
          </Text>
          <Button component="a" href={eventUrl}>
            <Trans>Empezar un nuevo pedido</Trans>
          </Button>
        </Stack>
      </Paper>,
    );
  }

  const leave = async () => {
    setLeaving(true);
    try {
      await releaseOrder(eventId, orderShortId);
    } catch {
      // Leaving must always work; an unabandoned reservation simply expires.
    }
    window.location.assign(eventUrl);
  };

  const context: CheckoutContext = { event: event.data, order: current, eventUrl, setOrder, markExpired };
  return shell(
    <Stack gap="md">
      <CheckoutHeader event={event.data} date={current.event_date} eventUrl={eventUrl} />
      {reserved && (
        <ReservationTimer eventId={eventId} order={current} onExpire={markExpired} onExtended={setOrder} />
      )}
      <Outlet context={context} />
      {reserved && (
        <Group justify="center">
          <Button
            variant="subtle"
            color="gray"
            c="var(--mantine-color-text)"
            size="xs"
            loading={leaving}
            onClick={() => void leave()}
          >
            <Trans>Cancelar el pedido y volver al evento</Trans>
          </Button>
        </Group>
      )}
    </Stack>,
  );
}

/** Spec §8 "order expired, start a new order". */
function ExpiredNotice({ eventUrl }: { eventUrl: string }) {
  return (
    <Paper withBorder p="lg" radius="md" role="alert" data-testid="order-expired">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          <Trans>Tu pedido ha caducado</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            El tiempo para completar el pedido se ha agotado y las entradas se han liberado. Empieza un nuevo
            pedido.
          </Trans>
        </Text>
        <Button component="a" href={eventUrl}>
          <Trans>Empezar un nuevo pedido</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
