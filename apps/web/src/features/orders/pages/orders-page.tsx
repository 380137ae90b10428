import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPlus, IconReceipt, IconSearch } from '@tabler/icons-react';
import type { OrganizerOrderSummary } from '@taquilla/shared/schemas/checkout';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPagination, useLastPageClamp } from '../../../components/list-pagination.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { OrderStatusBadge } from '../../../components/order-status-badge.tsx';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { DateFilter } from '../../event-dates/components/date-filter.tsx';
import { ORDER_SORTS, orderFilters, type StatusFilter, useOrders } from '../api.ts';
import { ManualOrderModal } from '../components/manual-order-modal.tsx';
import { OrderDrawer } from '../components/order-drawer.tsx';

/** /manage/event/:eventId/orders — every order of the event; `?order=<id>` opens one. */
export function OrdersPage() {
  const canCreate = useCan('orders:manage');
  const { t } = useLingui();
  const eventId = useParams().eventId!;
  // Page, search, status and the open order live in the address (useListParams).
  const { page, search, setSearch, query, param, setParam, setFilter, setPage, sortOf } = useListParams();
  const status = param('status') as StatusFilter;
  const dateId = param('date');
  const sort = sortOf(ORDER_SORTS, { by: 'created_at', direction: 'desc' });
  const [creating, setCreating] = useState(false);
  const event = useManageEvent(eventId);
  const list = useOrders(eventId, {
    query,
    status,
    dateId,
    page,
    sort: { by: sort.by, direction: sort.direction },
  });
  const openId = param('order') || null;
  const open = (id: string | null) => setParam({ order: id }, !id);

  useLastPageClamp(list.data?.meta, page, (last) => setParam({ page: last > 1 ? String(last) : null }));

  // A list that failed keeps the page around it (header, search, filters) and offers «Reintentar» in place.
  if (event.error) return <PageError error={event.error} />;
  if (!event.data) return <PageLoader />;
  const { timezone } = event.data;
  const filtered = Boolean(query || status || dateId);
  const buyer = (o: OrganizerOrderSummary) =>
    [o.first_name, o.last_name].filter(Boolean).join(' ') || t`Sin datos del comprador`;
  const statusOptions: { value: StatusFilter; label: string }[] = [
    { value: '', label: t`Todos los pedidos` },
    { value: 'COMPLETED', label: t`Completados` },
    { value: 'AWAITING_OFFLINE_PAYMENT', label: t`Pendientes de pago` },
    { value: 'CANCELLED', label: t`Cancelados` },
    { value: 'RESERVED', label: t`En curso (sin terminar)` },
    { value: 'ABANDONED', label: t`Abandonados` },
  ];

  // Phones show cards without a header to press: the same sorts from a list.
  const sortOptions = [
    { value: 'created_at:desc', label: t`Más recientes primero` },
    { value: 'created_at:asc', label: t`Más antiguos primero` },
    { value: 'total_cents:desc', label: t`Mayor importe primero` },
    { value: 'total_cents:asc', label: t`Menor importe primero` },
    { value: 'last_name:asc', label: t`Comprador (A–Z)` },
    { value: 'last_name:desc', label: t`Comprador (Z–A)` },
  ];

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Pedidos</Trans>}
        description={
          <Trans>
            Los pedidos de este evento. Abre uno para ver sus entradas y asistentes o para confirmar un pago
            offline.
          </Trans>
        }
        action={
          <Group gap="xs">
            <ExportButton
              path={`events/${eventId}/orders/export`}
              query={{
                query,
                sort_by: sort.by,
                sort_direction: sort.direction,
                filters: orderFilters({ status, dateId }),
              }}
              filename={`${event.data.slug}-${t`pedidos`}`}
            />
            {canCreate && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                <Trans>Nuevo pedido</Trans>
              </Button>
            )}
          </Group>
        }
      />
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t`Buscar por nombre, correo o nº de pedido`}
          aria-label={t`Buscar pedidos`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          maw={420}
        />
        <Select
          aria-label={t`Estado`}
          data={statusOptions}
          value={status}
          onChange={(v) => setFilter('status', v)}
          allowDeselect={false}
          w={220}
        />
        <DateFilter eventId={eventId} value={dateId} onChange={(v) => setFilter('date', v)} />
        <Select
          hiddenFrom="sm"
          label={t`Ordenar por`}
          data={sortOptions}
          value={
            sortOptions.some((o) => o.value === `${sort.by}:${sort.direction}`)
              ? `${sort.by}:${sort.direction}`
              : null
          }
          onChange={(v) => {
            const [by = 'created_at', direction] = (v ?? '').split(':');
            sort.set(by, direction === 'asc' ? 'asc' : 'desc');
          }}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {list.isError ? (
        <PageError error={list.error} />
      ) : !list.data ? (
        <PageLoader />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={<IconReceipt size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={filtered ? <Trans>Ningún pedido coincide</Trans> : <Trans>Aún no hay pedidos</Trans>}
          text={
            filtered ? (
              <Trans>Prueba con otra búsqueda o con otro estado.</Trans>
            ) : (
              <Trans>Cuando alguien compre entradas, su pedido aparecerá aquí.</Trans>
            )
          }
        />
      ) : (
        <>
          <ListTable
            sort={sort}
            columns={[
              { label: <Trans>Pedido</Trans> },
              { label: <Trans>Comprador</Trans>, sortKey: 'last_name' },
              { label: <Trans>Fecha</Trans>, sortKey: 'created_at' },
              { label: <Trans>Entradas</Trans>, align: 'right' },
              { label: <Trans>Total</Trans>, align: 'right', sortKey: 'total_cents' },
              { label: <Trans>Estado</Trans>, sortKey: 'status' },
            ]}
          >
            {list.data.data.map((o) => (
              <Table.Tr key={o.id} onClick={() => open(o.id)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <UnstyledButton
                    ff="monospace"
                    fw={600}
                    fz="sm"
                    onClick={(e) => {
                      e.stopPropagation();
                      open(o.id);
                    }}
                  >
                    {o.short_id}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {buyer(o)}
                  </Text>
                  {o.email && (
                    <Text size="xs" c="dimmed">
                      {o.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(o.created_at, timezone)}</Text>
                </Table.Td>
                <Table.Td ta="right">{formatNumber(o.item_count)}</Table.Td>
                <Table.Td ta="right">{formatMoney(o.total_cents, o.currency)}</Table.Td>
                <Table.Td>
                  <OrderStatusBadge order={o} size="sm" />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Stack gap="sm" hiddenFrom="sm">
            {list.data.data.map((o) => (
              <Card
                key={o.id}
                withBorder
                radius="md"
                padding="sm"
                component="button"
                onClick={() => open(o.id)}
              >
                <Group justify="space-between" gap="xs">
                  <Text ff="monospace" fw={600}>
                    {o.short_id}
                  </Text>
                  <OrderStatusBadge order={o} size="sm" />
                </Group>
                <Text size="sm" ta="left">
                  {buyer(o)}
                </Text>
                <Text size="xs" c="dimmed" ta="left">
                  {formatDateTime(o.created_at, timezone)} ·{' '}
                  <Plural value={o.item_count} one="# entrada" other="# entradas" /> ·{' '}
                  {formatMoney(o.total_cents, o.currency)}
                </Text>
              </Card>
            ))}
          </Stack>
          <ListPagination meta={list.data.meta} page={page} onChange={setPage} />
        </>
      )}
      {creating && (
        <ManualOrderModal
          eventId={eventId}
          currency={event.data.currency}
          onClose={() => setCreating(false)}
          onCreated={(order) => {
            setCreating(false);
            open(order.id);
          }}
        />
      )}
      {openId && (
        <OrderDrawer eventId={eventId} orderId={openId} timezone={timezone} onClose={() => open(null)} />
      )}
    </Stack>
  );
}
