import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarPlus, IconPlus, IconSearch } from '@tabler/icons-react';
import { EVENTS_STATES, type EventsState } from '@taquilla/shared/schemas/events';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useLastPageClamp } from '../../../components/list-pagination.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { useEvents, useOrganizer } from '../api.ts';
import { CreateEventModal } from '../components/create-event-modal.tsx';
import { EventCard } from '../components/event-card.tsx';
import { OrganizerDetails } from '../components/organizer-details.tsx';

const SORTS = {
  start_asc: { sortBy: 'start_date', sortDirection: 'asc' },
  start_desc: { sortBy: 'start_date', sortDirection: 'desc' },
  name_asc: { sortBy: 'name', sortDirection: 'asc' },
  created_desc: { sortBy: 'created_at', sortDirection: 'desc' },
} as const;
type SortKey = keyof typeof SORTS;

/** /manage/events/:eventsState? and /manage/organizer/:organizerId/events?/:eventsState? */
export function EventsPage() {
  const { t } = useLingui();
  const canCreate = useCan('events:manage');
  const navigate = useNavigate();
  const { eventsState: rawState, organizerId } = useParams();
  const [search, setSearch] = useSearchParams();
  const state: EventsState = EVENTS_STATES.includes(rawState as EventsState)
    ? (rawState as EventsState)
    : 'upcoming';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const sortKey: SortKey =
    (search.get('sort') as SortKey) in SORTS
      ? (search.get('sort') as SortKey)
      : state === 'upcoming'
        ? 'start_asc'
        : 'start_desc';
  const [text, setText] = useState(search.get('query') ?? '');
  const [debounced] = useDebouncedValue(text, 300);
  const organizer = useOrganizer(organizerId);
  const organizerQuery = organizerId ? organizer : null;

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setSearch(next, { replace: true });
  };
  useEffect(() => {
    if ((search.get('query') ?? '') !== debounced) setParam('query', debounced || null);
  }, [debounced]);

  const events = useEvents({
    eventsState: state,
    organizerId,
    page,
    query: search.get('query') ?? undefined,
    ...SORTS[sortKey],
  });
  useLastPageClamp(events.data?.meta, page, (last) => setParam('page', last > 1 ? String(last) : null));
  const base = organizerId ? `/manage/organizer/${organizerId}/events` : '/manage/events';
  const createOpen = search.get('create') === '1';

  return (
    <Stack gap="md" maw={1200}>
      {organizerQuery?.data && (
        <OrganizerDetails key={organizerQuery.data.updated_at} organizer={organizerQuery.data} />
      )}
      {organizerQuery?.isError && <PageError error={organizerQuery.error} />}
      <Group justify="space-between">
        <Title order={1} size="h2">
          {organizerId ? <Trans>Eventos del organizador</Trans> : <Trans>Eventos</Trans>}
        </Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setParam('create', '1')}>
            <Trans>Crear evento</Trans>
          </Button>
        )}
      </Group>
      <Tabs value={state} onChange={(v) => v && navigate(`${base}/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="upcoming">{t`Próximos`}</Tabs.Tab>
          <Tabs.Tab value="ended">{t`Finalizados`}</Tabs.Tab>
          <Tabs.Tab value="archived">{t`Archivados`}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group gap="sm" wrap="wrap">
        <TextInput
          placeholder={t`Buscar por nombre`}
          aria-label={t`Buscar eventos`}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          aria-label={t`Ordenar`}
          value={sortKey}
          allowDeselect={false}
          onChange={(v) => setParam('sort', v)}
          data={[
            { value: 'start_asc', label: t`Fecha: más próximos primero` },
            { value: 'start_desc', label: t`Fecha: más lejanos primero` },
            { value: 'name_asc', label: t`Nombre (A–Z)` },
            { value: 'created_desc', label: t`Creados recientemente` },
          ]}
          style={{ flex: '0 1 270px' }}
        />
      </Group>

      {events.isPending ? (
        <PageLoader />
      ) : events.isError ? (
        <PageError error={events.error} />
      ) : events.data.data.length === 0 ? (
        <EmptyState
          state={state}
          searching={Boolean(search.get('query'))}
          onCreate={canCreate ? () => setParam('create', '1') : undefined}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {events.data.data.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </SimpleGrid>
          {events.data.meta.last_page > 1 && (
            <Group justify="center">
              <Pagination
                total={events.data.meta.last_page}
                value={page}
                onChange={(p) => setParam('page', String(p))}
              />
            </Group>
          )}
          <Text size="xs" c="dimmed" ta="center">
            <Plural value={events.data.meta.total} one="# evento" other="# eventos" />
          </Text>
        </>
      )}
      <CreateEventModal
        opened={createOpen}
        onClose={() => setParam('create', null)}
        organizerId={organizerId}
      />
    </Stack>
  );
}

function EmptyState({
  state,
  searching,
  onCreate,
}: {
  state: EventsState;
  searching: boolean;
  onCreate: (() => void) | undefined;
}) {
  return (
    <Stack align="center" gap="xs" py={48} ta="center">
      <IconCalendarPlus size={48} stroke={1.2} color="var(--mantine-color-blue-5)" />
      <Title order={3} size="h4">
        {searching ? (
          <Trans>Ningún evento coincide con tu búsqueda</Trans>
        ) : state === 'upcoming' ? (
          <Trans>No tienes eventos próximos</Trans>
        ) : state === 'ended' ? (
          <Trans>Todavía no ha terminado ningún evento</Trans>
        ) : (
          <Trans>No hay eventos archivados</Trans>
        )}
      </Title>
      {state === 'upcoming' && !searching && onCreate && (
        <>
          <Text c="dimmed" size="sm" maw={380}>
            <Trans>Crea tu primer evento, añade entradas y publícalo para empezar a vender.</Trans>
          </Text>
          <Button mt="xs" leftSection={<IconPlus size={18} />} onClick={onCreate}>
            <Trans>Crear evento</Trans>
          </Button>
        </>
      )}
    </Stack>
  );
}
