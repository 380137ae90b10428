import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { ChangeableWith } from '../../../components/read-only-fieldset.tsx';
import { useEventTickets, useManageEvent } from '../../../lib/event-queries.ts';
import { useMessages } from '../api.ts';
import { MessageComposer } from '../components/message-composer.tsx';
import { MessageHistory } from '../components/message-history.tsx';

/** /manage/event/:eventId/messages — write to the event's buyers and attendees; what was sent. */
export function MessagesPage() {
  const eventId = useParams().eventId as string;
  const [page, setPage] = useState(1);
  const event = useManageEvent(eventId);
  const tickets = useEventTickets(eventId);
  const list = useMessages(eventId, page);

  // A history that failed keeps the page (and what the composer holds) and offers «Reintentar» in place.
  const error = event.error ?? tickets.error;
  if (error) return <PageError error={error} />;
  if (!event.data || !tickets.data) return <PageLoader />;
  const { timezone } = event.data;
  const ticketName = (id: string) => tickets.data.find((tk) => tk.id === id)?.name ?? '—';

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Mensajes</Trans>}
        description={
          <Trans>
            Escribe a quienes tienen entradas o pedidos de este evento: un cambio de horario, de lugar o un
            recordatorio. Las respuestas llegan al correo de soporte del evento.
          </Trans>
        }
      />
      <ChangeableWith permission="events:manage">
        <MessageComposer eventId={eventId} timezone={timezone} tickets={tickets.data} />
      </ChangeableWith>
      <Title order={3} size="h4" mt="md">
        <Trans>Historial</Trans>
      </Title>
      {list.isError ? (
        <PageError error={list.error} />
      ) : !list.data ? (
        <PageLoader />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={<IconMail size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={<Trans>Aún no se ha enviado ningún mensaje</Trans>}
          text={<Trans>Los mensajes enviados y programados aparecerán aquí, con sus entregas.</Trans>}
        />
      ) : (
        <>
          <ChangeableWith permission="events:manage">
            <MessageHistory
              eventId={eventId}
              messages={list.data.data}
              timezone={timezone}
              ticketName={ticketName}
            />
          </ChangeableWith>
          <ListPagination meta={list.data.meta} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
