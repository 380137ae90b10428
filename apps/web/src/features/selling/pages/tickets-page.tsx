import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAccountTaxes, useDeleteTicket, useSellingEvent, useSortTickets, useTickets } from '../api.ts';
import { SortableList } from '../components/sortable-list.tsx';
import { TicketCard } from '../components/ticket-card.tsx';
import { TicketForm } from '../components/ticket-form.tsx';

export function TicketsPage() {
  const canManage = useCan('events:manage');
  const { t } = useLingui();
  const eventId = useParams().eventId!;
  const event = useSellingEvent(eventId);
  const tickets = useTickets(eventId);
  const taxes = useAccountTaxes();
  const remove = useDeleteTicket(eventId);
  const sort = useSortTickets(eventId);
  const [editing, setEditing] = useState<Ticket | 'new' | null>(null);

  if (tickets.isError || event.isError) {
    return <PageError error={tickets.error ?? event.error} />;
  }
  if (!tickets.data || !event.data) {
    return <PageLoader />;
  }
  const list = tickets.data;

  const reorder = async (ids: string[]) => {
    try {
      await sort.mutateAsync(ids);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const del = async (ticket: Ticket) => {
    if (!window.confirm(t`¿Eliminar la entrada «${ticket.name}»?`)) return;
    try {
      await remove.mutateAsync(ticket.id);
      notifications.show({ color: 'teal', message: t`Entrada eliminada` });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const add = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      <Trans>Nueva entrada</Trans>
    </Button>
  );

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={<Trans>Entradas</Trans>}
        description={
          <Trans>
            Precios, tramos, cantidades y periodos de venta. Arrastra para cambiar el orden en la página del
            evento.
          </Trans>
        }
        action={add}
      />
      {list.length === 0 ? (
        <EmptyState
          icon={<IconTicket size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={<Trans>Aún no hay entradas</Trans>}
          text={
            <Trans>
              Crea la primera entrada para empezar a vender: de pago, gratuita, por donación o por tramos.
            </Trans>
          }
          action={add}
        />
      ) : (
        <SortableList
          items={list}
          label={(x) => x.name}
          disabled={sort.isPending || !canManage}
          onReorder={reorder}
          render={(ticket) => (
            <TicketCard
              ticket={ticket}
              currency={event.data.currency}
              onEdit={() => setEditing(ticket)}
              onDelete={() => del(ticket)}
            />
          )}
        />
      )}
      {editing && (
        <TicketForm
          key={editing === 'new' ? 'new' : editing.id}
          opened
          eventId={eventId}
          currency={event.data.currency}
          timezone={event.data.timezone}
          ticket={editing === 'new' ? null : editing}
          taxes={taxes.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
