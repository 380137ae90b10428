import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text } from '@mantine/core';
import { formatDateRange } from '@taquilla/shared/dates';
import type { PublicEventSummary } from '@taquilla/shared/schemas/public-events';
import classes from '../components/public.module.css';
import { PublicFooter } from '../components/public-footer.tsx';
import { locationLines } from '../lib/format.ts';

/**
 * /o/:organizerId — an organizer's public page: its name and site and its live events, upcoming first,
 * then past ones. Rendered on the server only (no script): it reads with JavaScript off and loads fast.
 */
export interface OrganizerPageData {
  organizer: { id: string; name: string; website: string | null };
  events: PublicEventSummary[];
  /** The server's clock, so upcoming and past split the same way wherever it is rendered. */
  now: string;
}

const eventUrl = (e: PublicEventSummary) => `/e/${encodeURIComponent(e.id)}/${encodeURIComponent(e.slug)}`;

export function OrganizerPage({ data }: { data: OrganizerPageData }) {
  const now = new Date(data.now).getTime();
  const over = (e: PublicEventSummary) => new Date(e.end_date ?? e.start_date).getTime() < now;
  const upcoming = data.events.filter((e) => !over(e));
  const past = data.events.filter(over).reverse();
  return (
    <div className={classes.page}>
      <main className={classes.narrow} style={{ maxWidth: 720 }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              <Trans>Organizador</Trans>
            </Text>
            <h1 className={classes.noticeTitle} style={{ fontSize: 'var(--mantine-h1-font-size)' }}>
              {data.organizer.name}
            </h1>
            {data.organizer.website && (
              <a href={data.organizer.website} rel="noopener nofollow" className={classes.organizerSite}>
                {data.organizer.website.replace(/^https?:\/\//, '')}
              </a>
            )}
          </Stack>
          <EventList
            title={<Trans>Próximos eventos</Trans>}
            empty={<Trans>No hay eventos próximos por ahora.</Trans>}
            events={upcoming}
          />
          {past.length > 0 && <EventList title={<Trans>Eventos pasados</Trans>} events={past} />}
        </Stack>
      </main>
      <PublicFooter />
    </div>
  );
}

function EventList(props: { title: React.ReactNode; empty?: React.ReactNode; events: PublicEventSummary[] }) {
  return (
    <section>
      <h2 className={classes.noticeTitle} style={{ marginBottom: 12 }}>
        {props.title}
      </h2>
      {props.events.length === 0 ? (
        <Text>{props.empty}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {props.events.map((e) => (
            <li key={e.id}>
              <EventRow event={e} />
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

function EventRow({ event }: { event: PublicEventSummary }) {
  const { i18n } = useLingui();
  const place = locationLines(event.location);
  const cover = event.cover;
  const thumb = cover && { url: cover.srcset[0]?.url ?? cover.url, ratio: cover.height / cover.width };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="organizer-event">
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        {thumb && (
          <img
            src={thumb.url}
            width={96}
            height={Math.round(96 * thumb.ratio)}
            alt=""
            loading="lazy"
            decoding="async"
            style={{ borderRadius: 8, objectFit: 'cover', flexShrink: 0 }}
          />
        )}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <a href={eventUrl(event)} className={classes.organizerEventLink}>
            {event.name}
          </a>
          <Text size="sm">
            {formatDateRange(event.start_date, event.end_date, event.timezone, i18n.locale)}
          </Text>
          {place.length > 0 && (
            <Text size="sm" c="dimmed">
              {place.join(' · ')}
            </Text>
          )}
        </Stack>
      </div>
    </Paper>
  );
}

/** An organizer that does not exist or shows nothing yet. */
export function OrganizerNotFound() {
  return (
    <div className={classes.page}>
      <main className={classes.narrow}>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <h1 className={classes.noticeTitle}>
              <Trans>Organizador no encontrado</Trans>
            </h1>
            <p>
              <Trans>Este organizador no existe o todavía no tiene eventos publicados.</Trans>
            </p>
          </Stack>
        </Paper>
      </main>
      <PublicFooter />
    </div>
  );
}
