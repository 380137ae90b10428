import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import type { CapacityAssignment } from '@taquilla/shared/schemas/capacity';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EditDeleteActions } from '../../../components/edit-delete-actions.tsx';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { formatNumber } from '../../../lib/format.ts';
import { LimitedDates } from '../../event-dates/components/dates-multi-select.tsx';
import { useCapacityAssignments, useDeleteCapacity, useTickets } from '../api.ts';
import { CapacityForm } from '../components/capacity-form.tsx';

export function CapacityPage() {
  const canManage = useCan('events:manage');
  const { t } = useLingui();
  const eventId = useParams().eventId!;
  const items = useCapacityAssignments(eventId);
  const tickets = useTickets(eventId);
  const event = useManageEvent(eventId);
  const remove = useDeleteCapacity(eventId);
  const [editing, setEditing] = useState<CapacityAssignment | 'new' | null>(null);

  if (items.isError || tickets.isError) return <PageError error={items.error ?? tickets.error} />;
  if (!items.data || !tickets.data) {
    return <PageLoader />;
  }
  const names = new Map(tickets.data.map((x) => [x.id, x.name]));
  const del = async (item: CapacityAssignment) => {
    if (!window.confirm(t`¿Eliminar el aforo «${item.name}»? Sus entradas dejarán de compartir el límite.`))
      return;
    try {
      await remove.mutateAsync(item.id);
      notifications.show({ color: 'teal', message: t`Aforo eliminado` });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const noTickets = tickets.data.length === 0;
  const add = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={noTickets}>
      <Trans>Nuevo aforo</Trans>
    </Button>
  );

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={<Trans>Aforos</Trans>}
        description={
          <Trans>
            Un límite compartido por varias entradas: por ejemplo, 300 personas en la sala entre General y
            VIP. Cada entrada se vende hasta agotar su cantidad o el aforo, lo que llegue antes.
          </Trans>
        }
        action={add}
      />
      {noTickets && (
        <Alert color="blue" variant="light">
          <Trans>
            Primero crea entradas en <Link to={`/manage/event/${eventId}/tickets`}>Entradas</Link>.
          </Trans>
        </Alert>
      )}
      {items.data.length === 0 ? (
        <EmptyState
          icon={<IconUsersGroup size={40} stroke={1.3} color="var(--mantine-color-blue-5)" />}
          title={<Trans>Sin aforos compartidos</Trans>}
          text={<Trans>Crea un aforo cuando varias entradas deban repartirse el mismo espacio.</Trans>}
        />
      ) : (
        items.data.map((item) => {
          const pct = Math.min(100, (item.used / item.capacity) * 100);
          return (
            <Card key={item.id} withBorder radius="md" data-testid="capacity-card">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs">
                    <Text fw={600}>{item.name}</Text>
                    <Badge variant="light" color={item.status === 'ACTIVE' ? 'teal' : 'gray'} size="sm">
                      {item.status === 'ACTIVE' ? <Trans>Activo</Trans> : <Trans>Inactivo</Trans>}
                    </Badge>
                  </Group>
                  <EditDeleteActions
                    permission="events:manage"
                    name={item.name}
                    onEdit={() => setEditing(item)}
                    onDelete={() => del(item)}
                  />
                </Group>
                <Progress
                  value={pct}
                  color={pct >= 100 ? 'red' : pct >= 80 ? 'orange' : 'blue'}
                  size="lg"
                  radius="xl"
                />
                <Group justify="space-between" gap="xs">
                  <Text size="sm">
                    <Trans>
                      {formatNumber(item.used)} de {formatNumber(item.capacity)} ocupadas
                    </Trans>
                  </Text>
                  <Text size="sm" c="dimmed">
                    <Trans>Quedan {formatNumber(item.remaining)}</Trans>
                  </Text>
                </Group>
                {item.event_date_ids.length > 0 && event.data && (
                  <Text size="sm" c="dimmed">
                    <Trans>
                      Solo en: <LimitedDates dates={item.event_dates} timezone={event.data.timezone} />
                    </Trans>
                  </Text>
                )}
                <Group gap={6}>
                  {item.ticket_ids.map((id) => (
                    <Badge key={id} variant="outline" color="gray" size="sm" tt="none">
                      {names.get(id) ?? '—'}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Card>
          );
        })
      )}
      {editing && (
        <CapacityForm
          key={editing === 'new' ? 'new' : editing.id}
          eventId={eventId}
          item={editing === 'new' ? null : editing}
          tickets={tickets.data}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
