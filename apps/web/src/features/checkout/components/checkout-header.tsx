import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { PublicEvent } from '@taquilla/shared';
import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import { locationLines } from '../lib/format.ts';
import { useFormat } from '../lib/page-format.ts';

/**
 * The checkout's header: the event's cover, name (back to the event page), date and venue; on an event
 * with dates, the order's date and its venue.
 */
export function CheckoutHeader(props: { event: PublicEvent; date?: EventDateRef | null; eventUrl: string }) {
  const { event, date } = props;
  const cover = event.cover;
  const thumb = cover ? (cover.srcset[0]?.url ?? cover.url) : null;
  const place = locationLines(date?.location ?? event.location);
  const format = useFormat();
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {thumb && (
          <img
            src={thumb}
            alt=""
            width={64}
            height={64}
            style={{ objectFit: 'cover', borderRadius: 8, flex: 'none' }}
          />
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor href={props.eventUrl} c="inherit" fw={700} style={{ overflowWrap: 'anywhere' }}>
            {event.name}
          </Anchor>
          <Text size="sm" data-testid="checkout-date">
            {date
              ? format.eventDates(date.starts_at, date.ends_at, event.timezone)
              : format.eventDates(event.start_date, event.end_date, event.timezone)}
          </Text>
          {place[0] && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {place[0]}
            </Text>
          )}
        </Stack>
      </Group>
    </Group>
  );
}
