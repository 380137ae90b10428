import { Trans } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconLogin2 } from '@tabler/icons-react';
import type { DoorAttendee } from '@taquilla/shared/schemas/check-in';
import { i18n } from '../../../lib/i18n.ts';

export const clockTime = (iso: string, tz: string) =>
  new Intl.DateTimeFormat(i18n.locale, { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

/** One search result at the door: who, which ticket, and one big button to let them in or undo it. */
export function DoorAttendeeCard(props: {
  attendee: DoorAttendee;
  timezone: string;
  busy: boolean;
  onCheckIn: () => void;
  onUndo: () => void;
}) {
  const { attendee: a } = props;
  const inside = Boolean(a.checked_in_at);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="door-attendee">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {a.first_name} {a.last_name}
            </Text>
            <Text size="sm">{a.ticket_name}</Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {a.email} · {a.short_id}
            </Text>
          </Stack>
          {inside && a.checked_in_at && (
            <Badge color="teal" variant="light" size="lg" style={{ flexShrink: 0 }}>
              <Trans>Dentro {clockTime(a.checked_in_at, props.timezone)}</Trans>
            </Badge>
          )}
        </Group>
        {inside ? (
          <Button
            size="lg"
            fullWidth
            variant="default"
            leftSection={<IconArrowBackUp />}
            loading={props.busy}
            onClick={props.onUndo}
          >
            <Trans>Deshacer</Trans>
          </Button>
        ) : (
          <Button
            size="lg"
            fullWidth
            color="teal"
            leftSection={<IconLogin2 />}
            loading={props.busy}
            onClick={props.onCheckIn}
          >
            <Trans>Registrar entrada</Trans>
          </Button>
        )}
      </Stack>
    </Card>
  );
}
