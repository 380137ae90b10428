import { Plural, Trans } from '@lingui/react/macro';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { PublicEvent } from '@taquilla/shared';
import { datesOf, datesTotal, type EventDateOption, hasDates } from '../lib/event-dates.ts';
import { locationLines, mapUrl } from '../lib/format.ts';
import { usePageFormat } from '../lib/page-format.ts';

/** Cover (responsive WebP srcset), then name, date in the event's zone, place with a map link, organizer. */
export function EventCover({ event }: { event: PublicEvent }) {
  const cover = event.cover;
  if (!cover) return null;
  const srcSet = cover.srcset.map((v) => `${v.url} ${v.width}w`).join(', ');
  return (
    <img
      src={cover.srcset.at(-1)?.url ?? cover.url}
      srcSet={srcSet || undefined}
      sizes="(min-width: 1000px) 960px, 100vw"
      width={cover.width}
      height={cover.height}
      alt=""
      fetchPriority="high"
      decoding="async"
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        maxHeight: 480,
        objectFit: 'cover',
        aspectRatio: `${cover.width} / ${cover.height}`,
      }}
    />
  );
}

/**
 * With dates, the chosen date's day and venue; before one is chosen, the next date and how many there are.
 */
export function EventFacts({ event, date = null }: { event: PublicEvent; date?: EventDateOption | null }) {
  const format = usePageFormat();
  const upcoming = hasDates(event) && !date ? (datesOf(event)[0] ?? null) : null;
  const shown = date ?? upcoming;
  const start = shown?.starts_at ?? event.start_date;
  const end = shown ? shown.ends_at : event.end_date;
  const location = date?.location ?? event.location;
  const tile = format.dateTile(start, event.timezone);
  const place = locationLines(location);
  const map = mapUrl(location);
  const when = format.eventDates(start, end, event.timezone);
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Stack
          gap={0}
          align="center"
          justify="center"
          aria-hidden
          style={{
            minWidth: 56,
            borderRadius: 10,
            border: '1px solid var(--mantine-color-default-border)',
            padding: '4px 8px',
            background: 'var(--mantine-color-body)',
          }}
        >
          <Text size="xs" tt="uppercase" c="var(--event-red, var(--mantine-color-red-9))" fw={700}>
            {tile.month}
          </Text>
          <Text fw={700} size="xl" lh={1.1}>
            {tile.day}
          </Text>
        </Stack>
        <Title order={1} style={{ fontSize: 'clamp(1.5rem, 5vw, 2.25rem)', overflowWrap: 'anywhere' }}>
          {event.name}
        </Title>
      </Group>
      <Stack gap={4}>
        <Text fw={600} data-testid="event-date">
          {upcoming ? <Trans>Próxima fecha: {when}</Trans> : when}{' '}
          <Text span c="dimmed" size="sm">
            ({format.zoneLabel(start, event.timezone)})
          </Text>
        </Text>
        {upcoming && (
          <Text size="sm">
            <Plural value={datesTotal(event)} one="# fecha a la venta" other="# fechas a la venta" />
          </Text>
        )}
        {place.length > 0 && (
          <Text size="sm">
            {place.join(' · ')}
            {map && (
              <>
                {' · '}
                <Anchor href={map} target="_blank" rel="noopener noreferrer" size="sm">
                  <Trans>Ver en el mapa</Trans>
                </Anchor>
              </>
            )}
          </Text>
        )}
        {location.online_url && (
          <Text size="sm" c="dimmed">
            <Trans>Evento en línea: recibirás el enlace con tu entrada.</Trans>
          </Text>
        )}
        <Text size="sm" c="dimmed">
          <Trans>
            Organiza{' '}
            <Anchor
              href={`/o/${encodeURIComponent(event.organizer.id)}`}
              size="sm"
              inherit
              style={{ textDecoration: 'underline' }}
            >
              {event.organizer.name}
            </Anchor>
          </Trans>
        </Text>
      </Stack>
    </Stack>
  );
}
