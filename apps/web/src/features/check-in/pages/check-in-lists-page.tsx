import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import type { CheckInList } from '@taquilla/shared/schemas/check-in';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useEventTickets, useManageEvent } from '../../../lib/event-queries.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useCheckInLists, useCheckInStats, useDeleteCheckInList } from '../api.ts';
import { CheckInListCard } from '../components/check-in-list-card.tsx';
import { CheckInListForm } from '../components/check-in-list-form.tsx';

/** /manage/event/:eventId/check-in — the lists door staff use, each with its own link, and who is in. */
export function CheckInListsPage() {
  const canManage = useCan('check-in:manage');
  const { t } = useLingui();
  const eventId = useParams().eventId!;
  const event = useManageEvent(eventId);
  const lists = useCheckInLists(eventId);
  const tickets = useEventTickets(eventId);
  const stats = useCheckInStats(eventId);
  const remove = useDeleteCheckInList(eventId);
  const [editing, setEditing] = useState<CheckInList | 'new' | null>(null);

  // A list that failed keeps the page around it (header) and offers «Reintentar» in place.
  const error = event.error ?? tickets.error ?? stats.error;
  if (error) return <PageError error={error} />;
  if (!event.data || !tickets.data || !stats.data) return <PageLoader />;
  const tz = event.data.timezone;
  const { total } = stats.data;

  const del = async (list: CheckInList) => {
    if (!window.confirm(t`¿Eliminar la lista «${list.name}»? Su enlace dejará de funcionar.`)) return;
    try {
      await remove.mutateAsync(list.id);
      notifications.show({ color: 'teal', message: t`Lista eliminada` });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    }
  };
  const add = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      <Trans>Nueva lista</Trans>
    </Button>
  );
  const checked = formatNumber(total.checked_in_count);
  const all = formatNumber(total.attendees_count);

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={<Trans>Control de acceso</Trans>}
        description={
          <Trans>
            Crea una lista para cada puerta y comparte su enlace con el personal: desde el móvil buscan a los
            asistentes o escanean su código QR, sin iniciar sesión.
          </Trans>
        }
        action={add}
      />
      {lists.data && lists.data.length > 0 && (
        <Card withBorder radius="md">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>
              <Trans>Asistentes dentro</Trans>
            </Text>
            <Text fw={600} data-testid="check-in-total">
              {checked} / {all}
            </Text>
          </Group>
          <Progress
            value={total.attendees_count ? (total.checked_in_count / total.attendees_count) * 100 : 0}
            color="teal"
            size="lg"
            radius="xl"
            aria-label={t`Asistentes dentro`}
          />
        </Card>
      )}
      {lists.isError ? (
        <PageError error={lists.error} />
      ) : !lists.data ? (
        <PageLoader />
      ) : lists.data.length === 0 ? (
        <EmptyState
          icon={<IconClipboardCheck size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={<Trans>Aún no hay listas de acceso</Trans>}
          text={
            <Trans>
              Una lista admite todas las entradas o solo algunas (por ejemplo, una puerta VIP) y puede
              activarse y caducar a una hora concreta.
            </Trans>
          }
          action={add}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {lists.data.map((list) => (
            <CheckInListCard
              key={list.id}
              eventId={eventId}
              list={list}
              tickets={tickets.data}
              timezone={tz}
              onEdit={() => setEditing(list)}
              onDelete={() => del(list)}
            />
          ))}
        </SimpleGrid>
      )}
      {editing && (
        <CheckInListForm
          key={editing === 'new' ? 'new' : editing.id}
          eventId={eventId}
          timezone={tz}
          tickets={tickets.data}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
