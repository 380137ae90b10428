import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDiscount, IconLink, IconPlus, IconSearch } from '@tabler/icons-react';
import type { PromoCode } from '@taquilla/shared/schemas/promo-codes';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EditDeleteActions } from '../../../components/edit-delete-actions.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { LimitedDates } from '../../event-dates/components/dates-multi-select.tsx';
import { useDeletePromoCode, usePromoCodes, useSellingEvent, useTickets } from '../api.ts';
import { PromoCodeForm } from '../components/promo-code-form.tsx';
import { PromoStatusBadge } from '../components/status-badge.tsx';

export function PromoCodesPage() {
  const canManage = useCan('events:manage');
  const { t } = useLingui();
  const eventId = useParams().eventId!;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const event = useSellingEvent(eventId);
  const codes = usePromoCodes(eventId, query);
  const tickets = useTickets(eventId);
  const remove = useDeletePromoCode(eventId);
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);

  // A list that failed keeps the page around it (header, search) and offers «Reintentar» in place.
  const error = tickets.error ?? event.error;
  if (error) return <PageError error={error} />;
  if (!tickets.data || !event.data) return <PageLoader />;
  const rows = codes.data ?? [];
  const { currency, timezone, slug } = event.data;
  const names = new Map(tickets.data.map((x) => [x.id, x.name]));
  const discount = (c: PromoCode) =>
    c.discount_type === 'NONE'
      ? t`Solo desbloquea`
      : c.discount_type === 'PERCENTAGE'
        ? `${c.discount} %`
        : formatMoney(c.discount, currency);
  const appliesTo = (c: PromoCode) =>
    c.ticket_ids.length === 0
      ? t`Todas las entradas`
      : c.ticket_ids.map((id) => names.get(id) ?? '—').join(', ');
  // On an event with dates, the dates each code is limited to (#27).
  const hasDates = rows.some((c) => c.event_date_ids.length > 0);
  const datesOf = (c: PromoCode) => <LimitedDates dates={c.event_dates} timezone={timezone} />;
  const uses = (c: PromoCode) =>
    c.max_uses === null
      ? formatNumber(c.usage_count)
      : `${formatNumber(c.usage_count)} / ${formatNumber(c.max_uses)}`;
  const link = (c: PromoCode) =>
    `${window.location.origin}/event/${eventId}/${slug}?promo_code=${encodeURIComponent(c.code)}`;
  const del = async (c: PromoCode) => {
    if (!window.confirm(t`¿Eliminar el código «${c.code}»?`)) return;
    try {
      await remove.mutateAsync(c.id);
      notifications.show({ color: 'teal', message: t`Código eliminado` });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    }
  };
  const actions = (c: PromoCode) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <CopyButton value={link(c)}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t`Enlace copiado` : t`Copiar enlace con el código`}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={t`Copiar enlace de ${c.code}`}
            >
              {copied ? <IconCheck size={18} /> : <IconLink size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      <EditDeleteActions
        permission="events:manage"
        name={c.code}
        onEdit={() => setEditing(c)}
        onDelete={() => del(c)}
      />
    </Group>
  );
  const add = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      <Trans>Nuevo código</Trans>
    </Button>
  );

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Códigos promocionales</Trans>}
        description={
          <Trans>
            Descuentos y acceso a entradas ocultas. Los compradores los introducen en la página del evento o
            llegan con un enlace.
          </Trans>
        }
        action={
          <Group gap="xs">
            {rows.length > 0 && (
              <ExportButton
                path={`events/${eventId}/promo-codes/export`}
                query={{}}
                filename="codigos-promocionales"
              />
            )}
            {add}
          </Group>
        }
      />
      {(rows.length > 0 || query || codes.isError) && (
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t`Buscar código`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={320}
        />
      )}
      {codes.isError ? (
        <PageError error={codes.error} />
      ) : !codes.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconDiscount size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={query ? <Trans>Ningún código coincide</Trans> : <Trans>Aún no hay códigos</Trans>}
          text={<Trans>Crea un código para ofrecer un descuento o desbloquear entradas ocultas.</Trans>}
          action={query ? undefined : add}
        />
      ) : (
        <>
          <ListTable
            columns={[
              { label: <Trans>Código</Trans> },
              { label: <Trans>Descuento</Trans> },
              { label: <Trans>Entradas</Trans> },
              ...(hasDates ? [{ label: <Trans>Fechas</Trans> }] : []),
              { label: <Trans>Usos</Trans>, align: 'right' as const },
              { label: <Trans>Caduca</Trans> },
              { label: <Trans>Estado</Trans> },
              {},
            ]}
          >
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td ff="monospace" fw={600}>
                  {c.code}
                </Table.Td>
                <Table.Td>{discount(c)}</Table.Td>
                <Table.Td maw={220}>
                  <Text size="sm" truncate>
                    {appliesTo(c)}
                  </Text>
                </Table.Td>
                {hasDates && (
                  <Table.Td maw={260}>
                    <Text size="sm" truncate>
                      {datesOf(c)}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td ta="right">{uses(c)}</Table.Td>
                <Table.Td>{c.expiry_date ? formatDateTime(c.expiry_date, timezone) : t`Nunca`}</Table.Td>
                <Table.Td>
                  <PromoStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td>{actions(c)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Stack gap="sm" hiddenFrom="sm">
            {rows.map((c) => (
              <Card key={c.id} withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs">
                    <Text ff="monospace" fw={600}>
                      {c.code}
                    </Text>
                    <PromoStatusBadge status={c.status} />
                  </Group>
                  {actions(c)}
                </Group>
                <Text size="sm" mt={4}>
                  {discount(c)} · {appliesTo(c)}
                </Text>
                {c.event_date_ids.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {datesOf(c)}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  <Trans>Usos: {uses(c)}</Trans> ·{' '}
                  {c.expiry_date ? (
                    <Trans>Caduca {formatDateTime(c.expiry_date, timezone)}</Trans>
                  ) : (
                    <Trans>Sin caducidad</Trans>
                  )}
                </Text>
              </Card>
            ))}
          </Stack>
        </>
      )}
      {editing && (
        <PromoCodeForm
          key={editing === 'new' ? 'new' : editing.id}
          eventId={eventId}
          currency={currency}
          timezone={timezone}
          item={editing === 'new' ? null : editing}
          tickets={tickets.data}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
