import { Trans } from '@lingui/react/macro';
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendar, IconUser } from '@tabler/icons-react';
import type { ManageEvent } from '@taquilla/shared/schemas/events';
import { Link } from 'react-router';
import { formatDateRange, formatMoney } from '../../../lib/format.ts';
import { CoverImage } from './cover-image.tsx';
import { EventStatusBadge } from './status-badge.tsx';

export function EventCard({ event }: { event: ManageEvent }) {
  const to = `/manage/event/${event.id}/dashboard`;
  return (
    <Card withBorder padding={0} radius="md" data-testid="event-card">
      <Link to={to} aria-hidden tabIndex={-1}>
        <CoverImage cover={event.cover} alt="" />
      </Link>
      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={to} fw={600} c="dark" lineClamp={2}>
            {event.name}
          </Anchor>
          <EventStatusBadge status={event.status} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCalendar size={16} stroke={1.5} />
          <Text size="sm" c="dimmed">
            {formatDateRange(event.start_date, event.end_date, event.timezone)}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconUser size={16} stroke={1.5} />
          <Anchor
            component={Link}
            to={`/manage/organizer/${event.organizer.id}/events`}
            size="sm"
            c="dimmed"
            truncate
          >
            {event.organizer.name}
          </Anchor>
        </Group>
        <SimpleGrid cols={3} spacing="xs" mt="xs">
          <Figure label={<Trans>Entradas</Trans>} value={String(event.stats.tickets_sold)} />
          <Figure label={<Trans>Pedidos</Trans>} value={String(event.stats.orders_count)} />
          <Figure
            label={<Trans>Ingresos netos</Trans>}
            value={formatMoney(event.stats.net_revenue_cents, event.currency)}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Figure({ label, value }: { label: React.ReactNode; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {value}
      </Text>
    </Stack>
  );
}
