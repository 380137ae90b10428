import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Card, CopyButton, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconExternalLink, IconLink } from '@tabler/icons-react';
import type { CheckInList } from '@taquilla/shared/schemas/check-in';
import type { Ticket } from '@taquilla/shared/schemas/tickets';
import { EditDeleteActions } from '../../../components/edit-delete-actions.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { CheckInConflicts } from './check-in-conflicts.tsx';

export const doorLink = (list: CheckInList) => `${window.location.origin}/check-in/${list.short_id}`;

/** One list: what it admits, when its link works, how many are in, and its link to share with the door. */
export function CheckInListCard(props: {
  eventId: string;
  list: CheckInList;
  tickets: Ticket[];
  timezone: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const { list, timezone: tz } = props;
  const names = props.tickets
    .filter((ticket) => list.ticket_ids.includes(ticket.id))
    .map((ticket) => ticket.name);
  const percent = list.attendees_count ? (list.checked_in_count / list.attendees_count) * 100 : 0;
  const from = list.activates_at ? formatDateTime(list.activates_at, tz) : null;
  const until = list.expires_at ? formatDateTime(list.expires_at, tz) : null;
  const day = list.event_date ? formatDateTime(list.event_date.starts_at, tz) : null;
  const checked = formatNumber(list.checked_in_count);
  const total = formatNumber(list.attendees_count);

  return (
    <Card withBorder radius="md" padding="md" data-testid="check-in-list">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{list.name}</Text>
            <Text size="sm" c="dimmed">
              {names.length ? names.join(', ') : <Trans>Todas las entradas</Trans>}
            </Text>
            {day && (
              <Text size="sm" fw={600} data-testid="check-in-list-date">
                <Trans>Solo la fecha del {day}</Trans>
              </Text>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            <CopyButton value={doorLink(list)}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t`Enlace copiado` : t`Copiar enlace para la puerta`}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={t`Copiar enlace de ${list.name}`}
                  >
                    {copied ? <IconCheck size={18} /> : <IconLink size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
            <Tooltip label={t`Abrir la página de la puerta`}>
              <ActionIcon
                component="a"
                href={doorLink(list)}
                target="_blank"
                rel="noopener"
                variant="subtle"
                color="gray"
                aria-label={t`Abrir ${list.name}`}
              >
                <IconExternalLink size={18} />
              </ActionIcon>
            </Tooltip>
            <EditDeleteActions
              permission="check-in:manage"
              name={list.name}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
            />
          </Group>
        </Group>
        <Text size="sm">
          {from && until ? (
            <Trans>
              Activa del {from} al {until}
            </Trans>
          ) : from ? (
            <Trans>Activa desde {from}</Trans>
          ) : until ? (
            <Trans>Activa hasta {until}</Trans>
          ) : (
            <Trans>Siempre activa mientras el evento esté publicado</Trans>
          )}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            <Trans>
              {checked} / {total} dentro
            </Trans>
          </Text>
          <Anchor href={doorLink(list)} target="_blank" size="xs" ff="monospace">
            {list.short_id}
          </Anchor>
        </Group>
        <Progress value={percent} color="teal" size="lg" radius="xl" aria-label={t`Asistentes dentro`} />
        <CheckInConflicts eventId={props.eventId} list={list} timezone={tz} />
      </Stack>
    </Card>
  );
}
