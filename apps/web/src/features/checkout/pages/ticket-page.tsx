import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Container, Group, Loader, Paper, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { changeLocale } from '../../../lib/i18n.ts';
import { icsUrl, isNotFound, usePublicEvent, useTicket } from '../api.ts';
import classes from '../components/public.module.css';
import { PublicFooter } from '../components/public-footer.tsx';
import { TestModeBanner } from '../components/test-mode-banner.tsx';
import { TicketCard } from '../components/ticket-card.tsx';

/** /ticket/:eventId/:attendeeShortId — the buyer's ticket on the phone, with calendar and print. */
export function TicketPage() {
  const { eventId = '', attendeeShortId = '' } = useParams();
  const { t } = useLingui();
  const ticket = useTicket(eventId, attendeeShortId);
  const event = usePublicEvent(eventId);

  useEffect(() => {
    if (ticket.data)
      document.title = `${ticket.data.event.name} · ${ticket.data.first_name} ${ticket.data.last_name}`;
  }, [ticket.data]);

  if (ticket.isPending) {
    return (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  if (ticket.isError) {
    return (
      <Center mih="60vh" p="md">
        <Alert
          color="red"
          maw={420}
          title={isNotFound(ticket.error) ? t`Entrada no encontrada` : t`Algo ha ido mal`}
        >
          {isNotFound(ticket.error) ? t`Comprueba el enlace de tu entrada.` : errorMessage(ticket.error)}
        </Alert>
      </Center>
    );
  }
  const data = ticket.data;
  return (
    <div className={classes.page}>
      {event.data && <TestModeBanner event={event.data} />}
      <Container size={480} px="md" py="lg">
        <Stack gap="md">
          <Paper withBorder p="lg" radius="lg" shadow="sm">
            <TicketCard event={data.event} attendee={data} orderShortId={data.order_short_id} />
          </Paper>
          <Group grow gap="sm">
            <Button component="a" href={icsUrl(eventId, attendeeShortId)} variant="light" download>
              <Trans>Añadir al calendario</Trans>
            </Button>
            <Button component={Link} to={`/ticket/${eventId}/${attendeeShortId}/print`} variant="default">
              <Trans>Imprimir</Trans>
            </Button>
          </Group>
        </Stack>
      </Container>
      <PublicFooter onLocale={(locale) => void changeLocale(locale)} />
    </div>
  );
}
