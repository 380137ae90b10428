import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Menu, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArrowBackUp,
  IconChevronDown,
  IconCopy,
  IconExternalLink,
  IconEyeOff,
  IconTrash,
} from '@tabler/icons-react';
import type { ManageEvent } from '@taquilla/shared/schemas/events';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { useDeleteEvent, useEvent, useEventStatus } from '../api.ts';
import { DuplicateEventModal } from './duplicate-event-modal.tsx';
import { type EventChange, EventChangeModal } from './event-change-modal.tsx';
import { PublishButton } from './publish-button.tsx';
import { EventStatusBadge } from './status-badge.tsx';

/** The header of every event page: name, status, the status actions, duplicate and the public page link. */
export function EventHeader({ eventId }: { eventId: string }) {
  const canManage = useCan('events:manage');
  const { t } = useLingui();
  const event = useEvent(eventId);
  const status = useEventStatus(eventId);
  const [duplicating, setDuplicating] = useState(false);
  const [confirming, setConfirming] = useState<EventChange | null>(null);
  const remove = useDeleteEvent(eventId);
  const navigate = useNavigate();

  if (!event.data) {
    return event.isError ? <Text c="red">{errorMessage(event.error)}</Text> : <Skeleton h={56} radius="md" />;
  }
  const e = event.data;
  const change = async (next: ManageEvent['status'], done: string) => {
    try {
      await status.mutateAsync(next);
      notifications.show({ color: 'teal', message: done });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const publicUrl = `/event/${e.id}/${e.slug}`;
  // Unpublishing or archiving an event people bought from asks first; deleting always does.
  const ask = (c: EventChange) => {
    if (c !== 'delete' && e.stats.orders_count === 0) void confirm(c);
    else setConfirming(c);
  };
  const confirm = async (c: EventChange) => {
    if (c === 'unpublish') await change('DRAFT', t`Evento despublicado`);
    if (c === 'archive') await change('ARCHIVED', t`Evento archivado`);
    if (c === 'delete') {
      try {
        await remove.mutateAsync();
        notifications.show({ color: 'teal', message: t`Evento eliminado` });
        navigate('/manage/events', { replace: true });
      } catch (error) {
        notifications.show({ color: 'red', message: errorMessage(error) });
      }
    }
    setConfirming(null);
  };

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs" wrap="nowrap">
            <Title order={1} size="h3" lineClamp={2}>
              {e.name}
            </Title>
            <EventStatusBadge status={e.status} size="md" />
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateRange(e.start_date, e.end_date, e.timezone)} ·{' '}
            <Anchor
              component={Link}
              to={`/manage/organizer/${e.organizer.id}/events`}
              size="sm"
              underline="always"
            >
              {e.organizer.name}
            </Anchor>
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {e.status === 'DRAFT' ? (
            // A draft has no public page yet (buyers get "not available"): say so instead of linking to it.
            <Tooltip label={t`La página pública se abre al publicar el evento.`} withArrow>
              <span>
                <Button
                  disabled
                  variant="default"
                  size="sm"
                  leftSection={<IconExternalLink size={16} />}
                  aria-describedby="draft-public-page-hint"
                >
                  <Trans>Ver página pública</Trans>
                </Button>
                <span id="draft-public-page-hint" hidden>
                  {t`La página pública se abre al publicar el evento.`}
                </span>
              </span>
            </Tooltip>
          ) : (
            <Button
              component="a"
              href={publicUrl}
              target="_blank"
              rel="noopener"
              variant="default"
              size="sm"
              leftSection={<IconExternalLink size={16} />}
            >
              <Trans>Ver página pública</Trans>
            </Button>
          )}
          {canManage && e.status === 'DRAFT' && <PublishButton event={e} />}
          {canManage && e.status === 'ARCHIVED' && (
            <Button
              size="sm"
              leftSection={<IconArrowBackUp size={16} />}
              loading={status.isPending}
              onClick={() => change('DRAFT', t`Evento restaurado como borrador`)}
            >
              <Trans>Restaurar</Trans>
            </Button>
          )}
          {canManage && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="sm" variant="light" rightSection={<IconChevronDown size={14} />}>
                  <Trans>Más acciones</Trans>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {e.status === 'LIVE' && (
                  <Menu.Item leftSection={<IconEyeOff size={16} />} onClick={() => ask('unpublish')}>
                    <Trans>Despublicar</Trans>
                  </Menu.Item>
                )}
                <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => setDuplicating(true)}>
                  <Trans>Duplicar</Trans>
                </Menu.Item>
                {e.status !== 'ARCHIVED' && (
                  <Menu.Item
                    leftSection={<IconArchive size={16} />}
                    color="red"
                    onClick={() => ask('archive')}
                  >
                    <Trans>Archivar</Trans>
                  </Menu.Item>
                )}
                {e.actions.delete && (
                  <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={() => ask('delete')}>
                    <Trans>Eliminar</Trans>
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <DuplicateEventModal event={e} opened={duplicating} onClose={() => setDuplicating(false)} />
      <EventChangeModal
        change={confirming}
        event={e}
        pending={status.isPending || remove.isPending}
        onConfirm={(c) => void confirm(c)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
