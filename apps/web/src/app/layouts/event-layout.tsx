import { useLingui } from '@lingui/react';
import { Box, Group, NavLink, ScrollArea, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, Navigate, Outlet, useMatches, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { can, useCurrentUser } from '../../lib/current-user.ts';
import { useManageEvent } from '../../lib/event-queries.ts';
import { lazyPage } from '../../lib/i18n.ts';
import { eventSectionKeys } from '../feature-route-table.ts';
import { EventNotFound } from './event-not-found.tsx';
import { EVENT_SECTIONS } from './event-sections.ts';

/** The header (name, status actions, public link) comes from the events feature with its messages. */
const EventHeader = lazy(
  lazyPage('events', () =>
    import('../../features/events/components/event-header.tsx').then((m) => ({ default: m.EventHeader })),
  ),
);

const sectionOf = (handle: unknown): string | undefined =>
  typeof handle === 'object' && handle !== null && 'section' in handle && typeof handle.section === 'string'
    ? handle.section
    : undefined;

/**
 * The frame of /manage/event/:eventId: a sidebar (a scrollable strip on phones) with the sections that
 * exist, and the section's page.
 */
export function EventLayout() {
  const { i18n } = useLingui();
  const { eventId } = useParams();
  const navigate = useNavigate();
  const me = useCurrentUser();
  // The sections' own read of the event (one cache entry): a missing event is said once, here.
  const event = useManageEvent(eventId ?? '');
  const sections = EVENT_SECTIONS.filter((s) => eventSectionKeys.has(s.key) && can(me.data, s.permission));
  const base = `/manage/event/${eventId}`;
  // The section of the page shown: the `handle.section` of the deepest matched route (pages such as
  // dashboardPromoter belong to the affiliates section).
  const matched = useMatches().findLast((m) => sectionOf(m.handle));
  const current = (matched && sectionOf(matched.handle)) ?? '';
  // A section the member's role cannot open (the dashboard for the door staff) leads to the first one it can.
  const first = sections[0];
  if (event.error instanceof ApiError && (event.error.status === 404 || event.error.status === 422)) {
    return <EventNotFound />;
  }
  if (me.data && first && !sections.some((s) => s.key === current)) {
    return <Navigate to={`${base}/${first.key}`} replace />;
  }

  return (
    <Stack gap="md">
      <Suspense fallback={<Skeleton h={56} radius="md" />}>
        <EventHeader key={eventId} eventId={eventId!} />
      </Suspense>
      <Box hiddenFrom="md">
        <ScrollArea type="never">
          <SegmentedControl
            value={current}
            onChange={(key) => navigate(`${base}/${key}`)}
            data={sections.map((s) => ({ value: s.key, label: i18n._(s.label) }))}
          />
        </ScrollArea>
      </Box>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap={2} w={220} visibleFrom="md" style={{ flexShrink: 0 }}>
          {sections.map((s) => (
            <NavLink
              key={s.key}
              component={Link}
              to={`${base}/${s.key}`}
              label={i18n._(s.label)}
              leftSection={<s.icon size={18} stroke={1.5} />}
              active={current === s.key}
            />
          ))}
        </Stack>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Group>
    </Stack>
  );
}
