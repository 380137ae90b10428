import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarEvent,
  IconCalendarPlus,
  IconCalendarShare,
  IconCalendarX,
  IconPlus,
  IconRepeat,
} from '@tabler/icons-react';
import { wallTimeToInstant } from '@taquilla/shared/dates';
import type { EventDate } from '@taquilla/shared/schemas/event-dates';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EditDeleteActions } from '../../../components/edit-delete-actions.tsx';
import { ListPagination, useLastPageClamp } from '../../../components/list-pagination.tsx';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useEventTickets, useManageEvent } from '../../../lib/event-queries.ts';
import { formatDateRange, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useDeleteDate, useEventDates } from '../api.ts';
import { BulkEditForm } from '../components/bulk-edit-form.tsx';
import { CancelDateDialog } from '../components/cancel-date-dialog.tsx';
import { DateForm } from '../components/date-form.tsx';
import { FromDayPicker } from '../components/from-day-picker.tsx';
import { MoveDateDialog } from '../components/move-date-dialog.tsx';
import { RuleForm } from '../components/rule-form.tsx';
import { StatusBadge } from '../components/status-badge.tsx';

type Editing =
  | { kind: 'one'; date: EventDate | null }
  | { kind: 'rule' }
  | { kind: 'bulk' }
  | { kind: 'cancel'; date: EventDate }
  | { kind: 'move'; date: EventDate }
  | null;

export function DatesPage() {
  const { t } = useLingui();
  const canManage = useCan('events:manage');
  const canMoveOrders = useCan('orders:manage');
  const eventId = useParams().eventId!;
  const event = useManageEvent(eventId);
  const tickets = useEventTickets(eventId);
  // The page and the day the list starts from live in the address (?page=, ?day=YYYY-MM-DD).
  const { page, param, setFilter, setPage, setParam } = useListParams();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(param('day')) ? param('day') : '';
  const from = day && event.data ? wallTimeToInstant(`${day} 00:00`, event.data.timezone) : undefined;
  const dates = useEventDates(eventId, { page, from });
  useLastPageClamp(dates.data?.meta, page, (last) => setParam({ page: last > 1 ? String(last) : null }));
  const remove = useDeleteDate(eventId);
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<string[]>([]);

  if (event.isError || dates.isError) return <PageError error={event.error ?? dates.error} />;
  if (!event.data || !dates.data) return <PageLoader />;
  const tz = event.data.timezone;
  const items = dates.data.data;
  const total = dates.data.meta.total;
  const label = (d: EventDate) => formatDateRange(d.starts_at, d.ends_at, tz);

  const del = async (d: EventDate) => {
    if (!window.confirm(t`¿Borrar la fecha ${label(d)}?`)) return;
    try {
      await remove.mutateAsync(d.id);
      setSelected((s) => s.filter((id) => id !== d.id));
      notifications.show({ color: 'teal', message: t`Fecha borrada` });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const allChosen = items.length > 0 && items.every((d) => selected.includes(d.id));

  const actions = canManage && (
    <Group gap="xs">
      <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'one', date: null })}>
        <Trans>Añadir fecha</Trans>
      </Button>
      <Button
        variant="light"
        leftSection={<IconRepeat size={16} />}
        onClick={() => setEditing({ kind: 'rule' })}
      >
        <Trans>Añadir con una regla</Trans>
      </Button>
    </Group>
  );

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={<Trans>Fechas</Trans>}
        description={
          <Trans>
            Un evento puede celebrarse varias veces: cada fecha tiene su propio estado y, si quieres, su
            propio aforo, sus propios precios y su propio periodo de venta. Sin fechas, el evento se celebra
            solo en su fecha de inicio.
          </Trans>
        }
        action={actions}
      />
      {(day || total > items.length) && (
        <FromDayPicker timeZone={tz} value={day} onChange={(v) => setFilter('day', v)} />
      )}
      {items.length === 0 && day ? (
        <Text c="dimmed">
          <Trans>No hay ninguna fecha desde ese día.</Trans>
        </Text>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconCalendarEvent size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={<Trans>Este evento tiene una sola fecha</Trans>}
          text={
            <Trans>
              Añade fechas una a una o con una regla (cada sábado, el primer domingo de cada mes, un turno
              cada 30 minutos…) para vender cada sesión por separado.
            </Trans>
          }
        />
      ) : (
        <>
          <Group justify="space-between" gap="xs">
            {canManage ? (
              <Checkbox
                label={<Trans>Seleccionar todas las de esta lista</Trans>}
                checked={allChosen}
                indeterminate={selected.length > 0 && !allChosen}
                onChange={(e) => setSelected(e.currentTarget.checked ? items.map((d) => d.id) : [])}
              />
            ) : (
              <span />
            )}
            <Text size="sm" c="dimmed" aria-live="polite">
              {total > items.length ? (
                <Trans>
                  {formatNumber(items.length)} de <Plural value={total} one="# fecha" other="# fechas" />
                </Trans>
              ) : (
                <Plural value={total} one="# fecha" other="# fechas" />
              )}
            </Text>
          </Group>
          {canManage && selected.length > 0 && (
            <Card withBorder radius="md" bg="var(--mantine-color-blue-light)" py="xs">
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  <Plural value={selected.length} one="# seleccionada" other="# seleccionadas" />
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                    <Trans>Quitar selección</Trans>
                  </Button>
                  <Button
                    size="xs"
                    leftSection={<IconCalendarPlus size={14} />}
                    onClick={() => setEditing({ kind: 'bulk' })}
                  >
                    <Trans>Editar seleccionadas</Trans>
                  </Button>
                </Group>
              </Group>
            </Card>
          )}
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((d) => (
              <Card key={d.id} withBorder radius="md" component="li" data-testid="date-row" py="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    {canManage && (
                      <Checkbox
                        mt={3}
                        aria-label={t`Seleccionar ${label(d)}`}
                        checked={selected.includes(d.id)}
                        onChange={(e) => toggle(d.id, e.currentTarget.checked)}
                      />
                    )}
                    <Stack gap={4}>
                      <Text fw={600}>{label(d)}</Text>
                      <Group gap="xs">
                        <StatusBadge status={d.status} />
                        <Badge variant="outline" color="gray" size="sm" tt="none">
                          {d.capacity === null ? (
                            <Trans>Aforo de las entradas</Trans>
                          ) : (
                            <Trans>Aforo: {formatNumber(d.capacity)}</Trans>
                          )}
                        </Badge>
                        {d.prices.length > 0 && (
                          <Badge variant="light" color="grape" size="sm" tt="none" data-testid="own-prices">
                            <Plural value={d.prices.length} one="# precio propio" other="# precios propios" />
                          </Badge>
                        )}
                        {(d.sale_starts_at || d.sale_ends_at) && (
                          <Badge variant="light" color="cyan" size="sm" tt="none" data-testid="own-window">
                            <SaleWindowText starts={d.sale_starts_at} ends={d.sale_ends_at} timeZone={tz} />
                          </Badge>
                        )}
                        {d.location?.venue_name && (
                          <Text size="sm" c="dimmed">
                            {[d.location.venue_name, d.location.city].filter(Boolean).join(', ')}
                          </Text>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    {canManage && d.status !== 'CANCELLED' && (
                      <ActionIcon
                        variant="subtle"
                        color="orange"
                        aria-label={t`Cancelar la fecha ${label(d)}`}
                        onClick={() => setEditing({ kind: 'cancel', date: d })}
                      >
                        <IconCalendarX size={18} />
                      </ActionIcon>
                    )}
                    {canManage && canMoveOrders && d.status !== 'CANCELLED' && (
                      <ActionIcon
                        variant="subtle"
                        aria-label={t`Pasar los pedidos de ${label(d)} a otra fecha`}
                        onClick={() => setEditing({ kind: 'move', date: d })}
                      >
                        <IconCalendarShare size={18} />
                      </ActionIcon>
                    )}
                    <EditDeleteActions
                      permission="events:manage"
                      name={label(d)}
                      onEdit={() => setEditing({ kind: 'one', date: d })}
                      onDelete={() => del(d)}
                    />
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
          <ListPagination meta={dates.data.meta} page={page} onChange={setPage} />
        </>
      )}
      {editing?.kind === 'one' && (
        <DateForm
          eventId={eventId}
          timeZone={tz}
          currency={event.data.currency}
          tickets={tickets.data ?? []}
          date={editing.date}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'rule' && (
        <RuleForm eventId={eventId} timeZone={tz} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'cancel' && (
        <CancelDateDialog
          eventId={eventId}
          dateId={editing.date.id}
          label={label(editing.date)}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'move' && (
        <MoveDateDialog
          eventId={eventId}
          date={editing.date}
          label={label(editing.date)}
          timeZone={tz}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'bulk' && (
        <BulkEditForm
          eventId={eventId}
          ids={selected}
          timeZone={tz}
          currency={event.data.currency}
          tickets={tickets.data ?? []}
          onClose={(done) => {
            setEditing(null);
            if (done) setSelected([]);
          }}
        />
      )}
    </Stack>
  );
}

/** A date's own sale window, as the list names it. */
function SaleWindowText(props: { starts: string | null; ends: string | null; timeZone: string }) {
  const from = props.starts ? formatDateTime(props.starts, props.timeZone) : '';
  const until = props.ends ? formatDateTime(props.ends, props.timeZone) : '';
  if (from && until)
    return (
      <Trans>
        Venta del {from} al {until}
      </Trans>
    );
  if (from) return <Trans>Venta desde el {from}</Trans>;
  return <Trans>Venta hasta el {until}</Trans>;
}
