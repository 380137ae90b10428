import { Plural, Trans } from '@lingui/react/macro';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconReceipt, IconTicket, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useEvent } from '../api.ts';
import { CoverImage } from '../components/cover-image.tsx';
import { SalesPanel } from '../components/sales-panel.tsx';

export function DashboardPage() {
  const { eventId } = useParams();
  const event = useEvent(eventId!);
  if (event.isError) return <PageError error={event.error} />;
  if (!event.data) return <PageLoader />;
  const e = event.data;
  const c = e.checklist;
  const pending = Object.values(c).filter((v) => !v).length;
  const place = [e.location.venue_name, e.location.city].filter(Boolean).join(', ');
  return (
    <Stack gap="md" maw={1000}>
      <Title order={2} size="h3">
        <Trans>Panel</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Stat
          icon={<IconTicket size={20} />}
          label={<Trans>Entradas vendidas</Trans>}
          value={String(e.stats.tickets_sold)}
        />
        <Stat
          icon={<IconReceipt size={20} />}
          label={<Trans>Pedidos completados</Trans>}
          value={String(e.stats.orders_count)}
        />
        <Stat
          icon={<IconReceipt size={20} />}
          label={<Trans>Ingresos</Trans>}
          value={formatMoney(e.stats.revenue_cents, e.currency)}
        />
      </SimpleGrid>
      <SalesPanel eventId={e.id} />
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
