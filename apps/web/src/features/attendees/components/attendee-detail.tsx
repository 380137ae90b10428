import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBan, IconRestore } from '@tabler/icons-react';
import { AnswersList } from '../../../components/answers-list.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useAttendee, useAttendeeStatus } from '../api.ts';

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
