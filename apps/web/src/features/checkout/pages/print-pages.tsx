import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Group, Loader } from '@mantine/core';
import type { PublicAttendee } from '@taquilla/shared';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { isNotFound, useOrder, usePublicEvent, useTicket } from '../api.ts';
import classes from '../components/public.module.css';
import { TicketCard, type TicketEvent } from '../components/ticket-card.tsx';

function PrintSheet(props: {
  title: string;
  event: TicketEvent;
  tickets: PublicAttendee[];
  orderShortId?: string;
}) {
  useEffect(() => {
    document.title = props.title;
  }, [props.title]);
  return (
    <div className={classes.printSheet}>
      <Group justify="flex-end" mb="md" className={classes.noPrint}>
        <Button onClick={() => window.print()}>
          <Trans>Imprimir</Trans>
        </Button>
      </Group>
      {props.tickets.map((a) => (
        <section key={a.short_id} className={classes.printTicket}>
          <TicketCard event={props.event} attendee={a} orderShortId={props.orderShortId} />
        </section>
      ))}
    </div>
  );
}

function Failed({ error }: { error: unknown }) {
  const { t } = useLingui();
  return (
    <Center mih="60vh" p="md">
      <Alert color="red" maw={420} title={isNotFound(error) ? t`No encontrado` : t`Algo ha ido mal`}>
        {isNotFound(error) ? t`Comprueba el enlace.` : errorMessage(error)}
      </Alert>
    </Center>
  );
}

const Loading = () => (
  <Center mih="60vh">
    <Loader />
  </Center>
);

/** /ticket/:eventId/:attendeeShortId/print */
export function TicketPrintPage() {
  const { eventId = '', attendeeShortId = '' } = useParams();
  const ticket = useTicket(eventId, attendeeShortId);
  if (ticket.isPending) return <Loading />;
  if (ticket.isError) return <Failed error={ticket.error} />;
  return (
    <PrintSheet
      title={`${ticket.data.event.name} · ${ticket.data.first_name} ${ticket.data.last_name}`}
      event={ticket.data.event}
      tickets={[ticket.data]}
      orderShortId={ticket.data.order_short_id}
    />
  );
}

/** /order/:eventId/:orderShortId/print — every ticket of the order, one per printed page. */
export function OrderPrintPage() {
  const { eventId = '', orderShortId = '' } = useParams();
  const { t } = useLingui();
  const order = useOrder(eventId, orderShortId);
  const event = usePublicEvent(eventId);
  if (order.isPending || event.isPending) return <Loading />;
  if (order.isError) return <Failed error={order.error} />;
  if (event.isError) return <Failed error={event.error} />;
  if (!event.data) return <Failed error={null} />;
  return (
    <PrintSheet
      title={t`Pedido ${order.data.short_id}`}
      event={event.data}
      tickets={order.data.attendees}
      orderShortId={order.data.short_id}
    />
  );
}
