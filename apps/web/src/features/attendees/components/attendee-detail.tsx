import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Divider, Drawer, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBan, IconLogin, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { AnswersList } from '../../../components/answers-list.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useAttendee, useAttendeeStatus, useCheckInListOptions, useDeskCheckIn } from '../api.ts';

/** One attendee: their order, answers and check-ins; cancel or give the place back. */
export function AttendeeDetail(props: {
  eventId: string;
  id: string;
  timezone: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const attendee = useAttendee(props.eventId, props.id);
  const status = useAttendeeStatus(props.eventId);
  const canCheckIn = useCan('check-in:manage');
  const a = attendee.data;
  // A double click changes the status once (the second request would answer that it already did).
  const once = useSingleFlight();
  const change = (action: 'cancel' | 'reactivate') =>
    once('status', async () => {
      if (
        action === 'cancel' &&
        !window.confirm(t`¿Cancelar esta entrada? Su código QR dejará de valer y la plaza vuelve a la venta.`)
      ) {
        return;
      }
      try {
        await status.mutateAsync({ id: props.id, action });
        notifications.show({
          color: 'teal',
          message: action === 'cancel' ? t`Entrada cancelada.` : t`Entrada reactivada.`,
        });
      } catch (err) {
        notifications.show({ color: 'red', message: errorMessage(err) });
      }
    });
  return (
    <Drawer opened onClose={props.onClose} position="right" size={phone ? '100%' : 'md'} title={t`Asistente`}>
      {attendee.error ? (
        <PageError error={attendee.error} />
      ) : !a ? (
        <PageLoader />
      ) : (
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={700}>
              {a.first_name} {a.last_name}
            </Text>
            <Text size="sm" c="dimmed">
              {a.email}
            </Text>
            <Text size="sm">
              {a.ticket_name}
              {a.price_label ? ` · ${a.price_label}` : ''} · <Trans>Pedido</Trans>{' '}
              <Anchor
                href={`/manage/event/${props.eventId}/orders?order=${a.order_id}`}
                ff="monospace"
                size="sm"
              >
                {a.order_short_id}
              </Anchor>
            </Text>
          </Stack>
          <Group gap="xs">
            {/* What may be done is the server's to say (a.actions). */}
            {a.actions.reactivate ? (
              <Button
                leftSection={<IconRestore size={16} />}
                variant="light"
                loading={status.isPending}
                onClick={() => void change('reactivate')}
              >
                <Trans>Reactivar entrada</Trans>
              </Button>
            ) : a.actions.cancel ? (
              <Button
                leftSection={<IconBan size={16} />}
                variant="light"
                color="red"
                loading={status.isPending}
                onClick={() => void change('cancel')}
              >
                <Trans>Cancelar entrada</Trans>
              </Button>
            ) : (
              a.status === 'CANCELLED' && (
                <Text size="sm" c="dimmed">
                  <Trans>Su pedido está cancelado: para volver a darle entrada, crea un pedido nuevo.</Trans>
                </Text>
              )
            )}
          </Group>
          <Divider />
          <Title order={3} size="h5">
            <Trans>Respuestas</Trans>
          </Title>
          <AnswersList
            questions={a.questions.filter((q) => q.belongs_to === 'ATTENDEE')}
            answers={a.answers}
          />
          <Divider />
          <Title order={3} size="h5">
            <Trans>Control de acceso</Trans>
          </Title>
          {canCheckIn && <DeskCheckIn eventId={props.eventId} attendeeId={a.id} />}
          {a.check_ins.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>Aún no ha entrado.</Trans>
            </Text>
          ) : (
            a.check_ins.map((c) => (
              <Text size="sm" key={`${c.list_name}-${c.created_at}`}>
                {formatDateTime(c.created_at, props.timezone)} · {c.list_name}
              </Text>
            ))
          )}
        </Stack>
      )}
    </Drawer>
  );
}

/** Checks the attendee in on one of the event's lists; the answer is the door's. */
function DeskCheckIn(props: { eventId: string; attendeeId: string }) {
  const { t } = useLingui();
  const lists = useCheckInListOptions(props.eventId, true);
  const checkIn = useDeskCheckIn(props.eventId, props.attendeeId);
  const [listId, setListId] = useState<string | null>(null);
  const options = (lists.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  const chosen = listId ?? options[0]?.value ?? null;
  if (lists.data && options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Crea una lista en «Control de acceso» para poder registrar entradas desde aquí.</Trans>
      </Text>
    );
  }
  const submit = async () => {
    if (!chosen) return;
    try {
      const answer = await checkIn.mutateAsync(chosen);
      notifications.show({
        color: answer.verdict === 'ADMITTED' ? 'teal' : 'orange',
        message: answer.message,
      });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    }
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={t`Lista`}
        data={options}
        value={chosen}
        onChange={setListId}
        allowDeselect={false}
        w={220}
      />
      <Button
        leftSection={<IconLogin size={16} />}
        loading={checkIn.isPending}
        disabled={!chosen}
        onClick={() => void submit()}
      >
        <Trans>Registrar entrada</Trans>
      </Button>
    </Group>
  );
}
