import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import type { FailedDelivery } from '@taquilla/shared/schemas/messages';
import { Link, useParams } from 'react-router';
import { EmptyState, PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useManageEvent } from '../../../lib/event-queries.ts';
import { useFailedDeliveries, useFailedEmails, useRetryDeliveries } from '../api.ts';
import { EmailRow } from '../components/order-emails.tsx';

/** A message's recipients it could not reach, with one «Reintentar» for them all. */
function MessageFailures(props: { eventId: string; deliveries: FailedDelivery[] }) {
  const retry = useRetryDeliveries(props.eventId);
  const [first] = props.deliveries;
  if (!first) return null;
  const onRetry = () =>
    retry.mutate(first.message_id, {
      onSuccess: ({ retried }) =>
        notifications.show({
          color: 'teal',
          message: plural(retried, {
            one: '# destinatario de nuevo en la cola.',
            other: '# destinatarios de nuevo en la cola.',
          }),
        }),
      onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }),
    });
  return (
    <Card withBorder padding="md" data-testid="failed-message">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={500}>{first.subject}</Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailForward size={14} />}
            loading={retry.isPending}
            onClick={onRetry}
          >
            <Trans>Reintentar</Trans>
          </Button>
        </Group>
        {props.deliveries.map((d) => (
          <Stack key={d.id} gap={0}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {d.email}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <Trans>Intentos: {d.attempts}</Trans>
              {d.last_error ? ` · ${d.last_error}` : ''}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** /manage/event/:eventId/failed-emails — e-mails given up on after three days of tries, and resend. */
export function FailedEmailsPage() {
  const { t } = useLingui();
  const eventId = useParams().eventId!;
  const event = useManageEvent(eventId);
  const emails = useFailedEmails(eventId);
  const deliveries = useFailedDeliveries(eventId);
  const error = event.error ?? emails.error ?? deliveries.error;
  if (error) return <PageError error={error} />;
  if (!event.data || !emails.data || !deliveries.data) return <PageLoader />;
  const byMessage = new Map<string, FailedDelivery[]>();
  for (const d of deliveries.data) byMessage.set(d.message_id, [...(byMessage.get(d.message_id) ?? []), d]);
  const nothing = emails.data.length === 0 && deliveries.data.length === 0;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t`Correos fallidos`}
        description={t`Correos que el servidor de correo rechazó durante tres días. Corrige la dirección o espera a que el buzón funcione y reenvíalos.`}
      />
      {nothing && (
        <EmptyState
          icon={<IconMailCheck size={32} />}
          title={t`Ningún correo fallido`}
          text={t`Todos los correos de este evento han llegado al servidor de correo o se están intentando.`}
        />
      )}
      {emails.data.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Correos de pedidos</Trans>
          </Title>
          {emails.data.map((e) => (
            <Card key={e.id} withBorder padding="md">
              <Stack gap="xs">
                <EmailRow email={e} eventId={eventId} timezone={event.data.timezone} />
                {e.order_id && (
                  <Anchor component={Link} to={`../orders?order=${e.order_id}`} size="sm">
                    <Trans>Ver el pedido</Trans>
                  </Anchor>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {byMessage.size > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Mensajes</Trans>
          </Title>
          {[...byMessage].map(([messageId, list]) => (
            <MessageFailures key={messageId} eventId={eventId} deliveries={list} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
