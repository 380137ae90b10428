import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconMailForward,
  IconPencil,
  IconSearch,
  IconTicket,
  IconUsers,
} from '@tabler/icons-react';
import { ATTENDEE_STATUSES, type AttendeeStatus } from '@taquilla/shared';
import type { ManageAttendee } from '@taquilla/shared/schemas/attendees';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPagination, useLastPageClamp } from '../../../components/list-pagination.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useEventTickets, useManageEvent } from '../../../lib/event-queries.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { DateFilter } from '../../event-dates/components/date-filter.tsx';
import { attendeeFilters, useAttendees, useResendTicket } from '../api.ts';
import { AttendeeDetail } from '../components/attendee-detail.tsx';
import { AttendeeForm } from '../components/attendee-form.tsx';

const STATUS: Record<AttendeeStatus, { label: MessageDescriptor; color: string }> = {
  ACTIVE: { label: msg`Válida`, color: 'teal' },
  AWAITING_PAYMENT: { label: msg`Pendiente de pago`, color: 'orange' },
  CANCELLED: { label: msg`Cancelada`, color: 'red' },
};

/** /manage/event/:eventId/attendees — one row per ticket holder. */
export function AttendeesPage() {
  const { t, i18n } = useLingui();
  const eventId = useParams().eventId!;
  // Page, search, ticket filter and the open attendee live in the address (useListParams).
  const { page, search, setSearch, query, param, setParam, setFilter, setPage } = useListParams();
  const ticketId = param('ticket');
  const statusFilter = ATTENDEE_STATUSES.includes(param('status') as AttendeeStatus) ? param('status') : '';
  const dateId = param('date');
  const openId = param('attendee') || null;
  const setOpenId = (id: string | null) => setParam({ attendee: id }, !id);
  const [editing, setEditing] = useState<ManageAttendee | null>(null);
  const event = useManageEvent(eventId);
  const timezone = event.data?.timezone ?? 'UTC';
  const list = useAttendees(eventId, { query, ticketId, status: statusFilter, dateId, page });
  const tickets = useEventTickets(eventId);
  const resend = useResendTicket(eventId);
  // A double click on "resend" sends one e-mail, not two.
  const once = useSingleFlight();
  useLastPageClamp(list.data?.meta, page, (last) => setParam({ page: last > 1 ? String(last) : null }));

  // A list that failed keeps the page around it (header, search, filters) and offers «Reintentar» in place.
  if (tickets.error) return <PageError error={tickets.error} />;
  if (!tickets.data) return <PageLoader />;
  const rows = list.data?.data ?? [];
  const filtered = Boolean(query || ticketId || statusFilter || dateId);
  const status = (a: ManageAttendee) => (
    <Badge color={STATUS[a.status].color} variant="light" size="sm">
      {i18n._(STATUS[a.status].label)}
    </Badge>
  );
  const send = (a: ManageAttendee) =>
    once(a.id, async () => {
      try {
        await resend.mutateAsync(a.id);
        notifications.show({ color: 'teal', message: t`Entrada reenviada a ${a.email}` });
      } catch (err) {
        notifications.show({ color: 'red', message: errorMessage(err) });
      }
    });
  const actions = (a: ManageAttendee) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t`Ver entrada`}>
        <ActionIcon
          component="a"
          href={`/ticket/${eventId}/${a.short_id}`}
          target="_blank"
          rel="noopener"
          variant="subtle"
          color="gray"
          aria-label={t`Ver la entrada de ${a.first_name} ${a.last_name}`}
        >
          <IconTicket size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t`Reenviar la entrada por correo`}>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={!a.actions.resend}
          onClick={() => void send(a)}
          aria-label={t`Reenviar la entrada de ${a.first_name} ${a.last_name}`}
        >
          <IconMailForward size={18} />
        </ActionIcon>
      </Tooltip>
      <ActionIcon
        variant="subtle"
        disabled={!a.actions.edit}
        onClick={() => setEditing(a)}
        aria-label={t`Editar ${a.first_name} ${a.last_name}`}
      >
        <IconPencil size={18} />
      </ActionIcon>
      <Tooltip label={t`Detalle, cancelar o reactivar`}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setOpenId(a.id)}
          aria-label={t`Detalle de ${a.first_name} ${a.last_name}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  const checkedIn = (a: ManageAttendee) =>
    a.checked_in_at ? (
      <Text size="xs" c="teal">
        {formatDateTime(a.checked_in_at, timezone)}
      </Text>
    ) : (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  const orderLink = (a: ManageAttendee) => (
    <Anchor component={Link} to={`../orders?order=${a.order_id}`} relative="path" ff="monospace" size="xs">
      {a.order_short_id}
    </Anchor>
  );
  const ticketLabel = (a: ManageAttendee) =>
    a.price_label ? `${a.ticket_name} · ${a.price_label}` : a.ticket_name;

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Asistentes</Trans>}
        description={
          <Trans>
            Cada entrada vendida tiene un asistente con su propio código QR. Corrige sus datos o reenvíale la
            entrada.
          </Trans>
        }
        action={
          <ExportButton
            path={`events/${eventId}/attendees/export`}
            query={{
              query,
              sort_by: 'last_name',
              sort_direction: 'asc',
              filters: attendeeFilters({ ticketId, status: statusFilter, dateId }),
            }}
            filename={t`asistentes`}
          />
        }
      />
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t`Buscar por nombre, correo o nº de pedido`}
          aria-label={t`Buscar asistentes`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          maw={420}
        />
        <Select
          aria-label={t`Entrada`}
          data={[
            { value: '', label: t`Todas las entradas` },
            ...tickets.data.map((x) => ({ value: x.id, label: x.name })),
          ]}
          value={ticketId}
          onChange={(v) => setFilter('ticket', v)}
          allowDeselect={false}
          w={220}
        />
        <Select
          aria-label={t`Estado`}
          data={[
            { value: '', label: t`Todos los estados` },
            ...ATTENDEE_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS[s].label) })),
          ]}
          value={statusFilter}
          onChange={(v) => setFilter('status', v)}
          allowDeselect={false}
          w={200}
        />
        <DateFilter eventId={eventId} value={dateId} onChange={(v) => setFilter('date', v)} />
      </Group>
      {list.isError ? (
        <PageError error={list.error} />
      ) : !list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={filtered ? <Trans>Ningún asistente coincide</Trans> : <Trans>Aún no hay asistentes</Trans>}
          text={
            filtered ? (
              <Trans>Prueba con otra búsqueda, otra entrada u otro estado.</Trans>
            ) : (
              <Trans>Cada entrada de un pedido completado aparecerá aquí con su titular.</Trans>
            )
          }
        />
      ) : (
        <>
          <ListTable
            columns={[
              { label: <Trans>Asistente</Trans> },
              { label: <Trans>Entrada</Trans> },
              { label: <Trans>Pedido</Trans> },
              { label: <Trans>Estado</Trans> },
              { label: <Trans>Entró</Trans> },
              {},
            ]}
          >
            {rows.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {a.first_name} {a.last_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {a.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{ticketLabel(a)}</Text>
                </Table.Td>
                <Table.Td>{orderLink(a)}</Table.Td>
                <Table.Td>{status(a)}</Table.Td>
                <Table.Td>{checkedIn(a)}</Table.Td>
                <Table.Td>{actions(a)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Stack gap="sm" hiddenFrom="sm">
            {rows.map((a) => (
              <Card key={a.id} withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {a.first_name} {a.last_name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {a.email}
                    </Text>
                  </Stack>
                  {actions(a)}
                </Group>
                <Group gap="xs" mt={4}>
                  {status(a)}
                  <Text size="sm">{ticketLabel(a)}</Text>
                  {orderLink(a)}
                </Group>
              </Card>
            ))}
          </Stack>
          <ListPagination meta={list.data.meta} page={page} onChange={setPage} />
        </>
      )}
      {editing && <AttendeeForm eventId={eventId} attendee={editing} onClose={() => setEditing(null)} />}
      {openId && (
        <AttendeeDetail eventId={eventId} id={openId} timezone={timezone} onClose={() => setOpenId(null)} />
      )}
    </Stack>
  );
}
