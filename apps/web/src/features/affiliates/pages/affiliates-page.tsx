import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
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
import { IconAffiliate, IconChartBar, IconCheck, IconLink, IconPlus, IconSearch } from '@tabler/icons-react';
import type { Affiliate } from '@taquilla/shared/schemas/affiliates';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EditDeleteActions } from '../../../components/edit-delete-actions.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { useAffiliates, useDeleteAffiliate, usePromoterStats } from '../api.ts';
import { AffiliateForm } from '../components/affiliate-form.tsx';
import { AffiliateSalesModal, PromoterTotals } from '../components/affiliate-sales.tsx';

/** /manage/event/:eventId/affiliates — partners with their own link, and what each one sold. */
export function AffiliatesPage() {
  const canManage = useCan('events:manage');
  const { t } = useLingui();
  const eventId = useParams().eventId!;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const event = useManageEvent(eventId);
  const list = useAffiliates(eventId, query);
  const stats = usePromoterStats(eventId);
  const remove = useDeleteAffiliate(eventId);
  const [editing, setEditing] = useState<Affiliate | 'new' | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);

  // A list that failed keeps the page around it (header, search) and offers «Reintentar» in place.
  const error = event.error ?? stats.error;
  if (error) return <PageError error={error} />;
  if (!event.data || !stats.data) return <PageLoader />;
  const rows = list.data ?? [];
  const { currency, slug } = event.data;
  const s = stats.data;
  const link = (a: Affiliate) =>
    `${window.location.origin}/e/${eventId}/${slug}?aff=${encodeURIComponent(a.code)}`;
  const del = async (a: Affiliate) => {
    if (!window.confirm(t`¿Eliminar el afiliado «${a.name}»?`)) return;
    try {
      await remove.mutateAsync(a.id);
      notifications.show({ color: 'teal', message: t`Afiliado eliminado` });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    }
  };
  const status = (a: Affiliate) => (
    <Badge color={a.status === 'ACTIVE' ? 'teal' : 'gray'} variant="light" size="sm">
      {a.status === 'ACTIVE' ? t`Activo` : t`Inactivo`}
    </Badge>
  );
  const actions = (a: Affiliate) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <CopyButton value={link(a)}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t`Enlace copiado` : t`Copiar enlace del afiliado`}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={t`Copiar enlace de ${a.name}`}
            >
              {copied ? <IconCheck size={18} /> : <IconLink size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      <Tooltip label={t`Ver ventas`}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setViewing(a.id)}
          aria-label={t`Ventas de ${a.name}`}
        >
          <IconChartBar size={18} />
        </ActionIcon>
      </Tooltip>
      <EditDeleteActions
        permission="events:manage"
        name={a.name}
        onEdit={() => setEditing(a)}
        onDelete={() => del(a)}
      />
    </Group>
  );
  const add = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      <Trans>Nuevo afiliado</Trans>
    </Button>
  );

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Afiliados</Trans>}
        description={
          <Trans>
            Cada afiliado tiene su propio enlace a la página del evento. Los pedidos completados que llegan
            por ese enlace se le atribuyen.
          </Trans>
        }
        action={
          <Group gap="xs">
            {s.affiliates_count > 0 && (
              <Button
                component={Link}
                to="../dashboardPromoter"
                variant="light"
                leftSection={<IconChartBar size={16} />}
              >
                <Trans>Panel de promotores</Trans>
              </Button>
            )}
            {s.affiliates_count > 0 && (
              <ExportButton path={`events/${eventId}/affiliates/export`} query={{}} filename="afiliados" />
            )}
            {add}
          </Group>
        }
      />
      {s.affiliates_count > 0 && <PromoterTotals stats={s} currency={currency} />}
      {(rows.length > 0 || query || list.isError) && (
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t`Buscar por nombre o código`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={320}
        />
      )}
      {list.isError ? (
        <PageError error={list.error} />
      ) : !list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconAffiliate size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={query ? <Trans>Ningún afiliado coincide</Trans> : <Trans>Aún no hay afiliados</Trans>}
          text={
            <Trans>
              Crea un afiliado para una emisora, un medio o un promotor y compártele su enlace: verás qué
              vende cada uno.
            </Trans>
          }
          action={query ? undefined : add}
        />
      ) : (
        <>
          <ListTable
            columns={[
              { label: <Trans>Nombre</Trans> },
              { label: <Trans>Código</Trans> },
              { label: <Trans>Pedidos</Trans>, align: 'right' },
              { label: <Trans>Entradas</Trans>, align: 'right' },
              { label: <Trans>Ingresos netos</Trans>, align: 'right' },
              { label: <Trans>Estado</Trans> },
              {},
            ]}
          >
            {rows.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {a.name}
                  </Text>
                  {a.email && (
                    <Text size="xs" c="dimmed">
                      {a.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ff="monospace">{a.code}</Table.Td>
                <Table.Td ta="right">{formatNumber(a.sales.orders_count)}</Table.Td>
                <Table.Td ta="right">{formatNumber(a.sales.tickets_sold)}</Table.Td>
                <Table.Td ta="right">{formatMoney(a.sales.net_revenue_cents, currency)}</Table.Td>
                <Table.Td>{status(a)}</Table.Td>
                <Table.Td>{actions(a)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Stack gap="sm" hiddenFrom="sm">
            {rows.map((a) => (
              <Card key={a.id} withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{a.name}</Text>
                      {status(a)}
                    </Group>
                    <Text ff="monospace" size="sm">
                      {a.code}
                    </Text>
                  </Stack>
                  {actions(a)}
                </Group>
                <Text size="sm" mt={4}>
                  <Trans>
                    Pedidos: {formatNumber(a.sales.orders_count)} · Entradas:{' '}
                    {formatNumber(a.sales.tickets_sold)} · Ingresos netos:{' '}
                    {formatMoney(a.sales.net_revenue_cents, currency)}
                  </Trans>
                </Text>
              </Card>
            ))}
          </Stack>
        </>
      )}
      {editing && (
        <AffiliateForm
          key={editing === 'new' ? 'new' : editing.id}
          eventId={eventId}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {viewing && (
        <AffiliateSalesModal eventId={eventId} affiliateId={viewing} onClose={() => setViewing(null)} />
      )}
    </Stack>
  );
}
