import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Message, MessageStatus } from '@taquilla/shared/schemas/messages';
import { ListTable } from '../../../components/list-table.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useCancelMessage } from '../api.ts';

const STATUS_COLOR: Record<MessageStatus, string> = {
  SCHEDULED: 'blue',
  SENDING: 'yellow',
  SENT: 'teal',
  FAILED: 'red',
  CANCELLED: 'gray',
};

function useLabels() {
  const { t } = useLingui();
  const status: Record<MessageStatus, string> = {
    SCHEDULED: t`Programado`,
    SENDING: t`Enviando`,
    SENT: t`Enviado`,
    FAILED: t`Fallido`,
    CANCELLED: t`Cancelado`,
  };
  const audience = (m: Message, ticketName: (id: string) => string) => {
    const names = (m.audience.ticket_ids ?? []).map(ticketName).join(', ');
    switch (m.audience.type) {
      case 'ALL_ATTENDEES':
        return t`Todos los asistentes`;
      case 'TICKET_HOLDERS':
        return t`Asistentes con: ${names}`;
      case 'INDIVIDUAL_ATTENDEES':
        return t`Asistentes concretos`;
      case 'ORDER_OWNERS':
        return t`Todos los compradores`;
      case 'TICKET_ORDER_OWNERS':
        return t`Compradores de: ${names}`;
    }
  };
  return { status, audience };
}

/** Sent, scheduled and cancelled messages: audience, author, state and delivery counts. */
export function MessageHistory({
  eventId,
  messages,
  timezone,
  ticketName,
}: {
  eventId: string;
  messages: Message[];
  timezone: string;
  ticketName: (id: string) => string;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const cancel = useCancelMessage(eventId);
  const doCancel = async (m: Message) => {
    if (!window.confirm(t`¿Cancelar el envío programado de «${m.subject}»?`)) return;
    try {
      await cancel.mutateAsync(m.id);
      notifications.show({ color: 'teal', message: t`Envío cancelado` });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    }
  };
  const badge = (m: Message) => (
    <Badge color={STATUS_COLOR[m.status]} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
      {labels.status[m.status]}
    </Badge>
  );
  const when = (m: Message) => formatDateTime(m.sent_at ?? m.send_at, timezone);
  const counts = (m: Message) => (
    <Text size="sm">
      <Trans>
        {formatNumber(m.sent_count)} de {formatNumber(m.recipients_count)} enviados
      </Trans>
      {m.failed_count > 0 && (
        <Text span c="red" size="sm">
          {' · '}
          <Trans>{formatNumber(m.failed_count)} fallidos</Trans>
        </Text>
      )}
    </Text>
  );
  const author = (m: Message) => (m.author ? `${m.author.first_name} ${m.author.last_name}` : '—');
  const cancelButton = (m: Message) =>
    m.status === 'SCHEDULED' ? (
      <Button size="xs" variant="subtle" color="red" onClick={() => doCancel(m)}>
        <Trans>Cancelar envío</Trans>
      </Button>
    ) : null;

  return (
    <>
      <ListTable
        columns={[
          { label: <Trans>Asunto</Trans> },
          { label: <Trans>Destinatarios</Trans> },
          { label: <Trans>Autor</Trans> },
          { label: <Trans>Fecha</Trans> },
          { label: <Trans>Estado</Trans> },
          { label: <Trans>Entregas</Trans> },
          {},
        ]}
      >
        {messages.map((m) => (
          <Table.Tr key={m.id} data-testid="message-row">
            <Table.Td fw={500}>{m.subject}</Table.Td>
            <Table.Td>{labels.audience(m, ticketName)}</Table.Td>
            <Table.Td>{author(m)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(m)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{badge(m)}</Table.Td>
            <Table.Td>{counts(m)}</Table.Td>
            <Table.Td ta="right">{cancelButton(m)}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <Stack gap="sm" hiddenFrom="sm">
        {messages.map((m) => (
          <Card key={m.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600}>{m.subject}</Text>
              {badge(m)}
            </Group>
            <Text size="sm" c="dimmed">
              {labels.audience(m, ticketName)} · {author(m)} · {when(m)}
            </Text>
            <Group justify="space-between" mt={4}>
              {counts(m)}
              {cancelButton(m)}
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
