import { Plural, Trans } from '@lingui/react/macro';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCash,
  IconMapPin,
  IconReceipt,
  IconReceiptRefund,
  IconTicket,
  IconWallet,
  IconWorld,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { DateFilter } from '../../event-dates/components/date-filter.tsx';
import { useEvent, useEventStats } from '../api.ts';
import { CoverImage } from '../components/cover-image.tsx';
import { SalesPanel } from '../components/sales-panel.tsx';

export function DashboardPage() {
  const { eventId } = useParams();
  const event = useEvent(eventId!);
  // «Fecha» (events with several dates): the figures and sales of that date only, kept in the address.
  const [params, setParams] = useSearchParams();
  const dateId = params.get('date') ?? '';
  // The figures and the sales panel read the same answer (one request).
  const figures = useEventStats(eventId!, dateId).data?.totals;
  if (event.isError) return <PageError error={event.error} />;
  if (!event.data) return <PageLoader />;
  const e = event.data;
  const c = e.checklist;
  const pending = Object.values(c).filter((v) => !v).length;
  const place = [e.location.venue_name, e.location.city].filter(Boolean).join(', ');
  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          <Trans>Panel</Trans>
        </Title>
        <DateFilter
          eventId={e.id}
          value={dateId}
          onChange={(v) => setParams(v ? { date: v } : {}, { replace: true })}
        />
      </Group>
      {figures && (
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md" data-testid="dashboard-figures">
          <Stat
            icon={<IconTicket size={20} />}
            label={<Trans>Entradas vendidas</Trans>}
            value={formatNumber(figures.tickets_sold)}
          />
          <Stat
            icon={<IconReceipt size={20} />}
            label={<Trans>Pedidos completados</Trans>}
            value={formatNumber(figures.orders_count)}
          />
          <Stat
            icon={<IconCash size={20} />}
            label={<Trans>Ingresos brutos</Trans>}
            value={formatMoney(figures.gross_revenue_cents, e.currency)}
          />
          <Stat
            icon={<IconReceiptRefund size={20} />}
            label={<Trans>Reembolsado</Trans>}
            value={formatMoney(figures.refunded_cents, e.currency)}
          />
          <Stat
            icon={<IconWallet size={20} />}
            label={<Trans>Ingresos netos</Trans>}
            value={formatMoney(figures.net_revenue_cents, e.currency)}
          />
        </SimpleGrid>
      )}
      <SalesPanel eventId={e.id} dateId={dateId} />
      {pending > 0 && (
        <Alert
          color="blue"
          variant="light"
          title={
            <Plural
              value={pending}
              one="Te queda # paso para estar listo"
              other="Te quedan # pasos para estar listo"
            />
          }
        >
          <Anchor component={Link} to={`/manage/event/${e.id}/getting-started`}>
            <Trans>Ver los primeros pasos</Trans>
          </Anchor>
        </Alert>
      )}
      <Card withBorder radius="md" padding={0}>
        {e.cover && <CoverImage cover={e.cover} alt="" sizes="(max-width: 1000px) 100vw, 1000px" />}
        <Stack gap={6} p="md">
          {place && (
            <Group gap={6}>
              <IconMapPin size={16} />
              <Text size="sm">{place}</Text>
            </Group>
          )}
          {e.location.online_url && (
            <Group gap={6}>
              <IconWorld size={16} />
              <Text size="sm">{e.location.online_url}</Text>
            </Group>
          )}
          <Anchor component={Link} to={`/manage/event/${e.id}/settings`} size="sm">
            <Trans>Editar detalles y ajustes</Trans>
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: ReactNode; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group gap="xs" c="dimmed">
        {icon}
        <Text size="sm">{label}</Text>
      </Group>
      <Text fw={700} size="xl" mt={4}>
        {value}
      </Text>
    </Card>
  );
}
