import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import type { OrderEmail } from '@taquilla/shared/schemas/orders';
import { PageError } from '../../../components/page-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useOrderEmails, useRetryEmail } from '../api.ts';
import { EmailKindLabel, EmailStateBadge } from './email-labels.tsx';

/** One e-mail: what it is, to whom, where it is, its tries and last error, and «Reenviar» once given up. */
export function EmailRow(props: { email: OrderEmail; eventId: string; timezone: string }) {
  const { t } = useLingui();
  const { email } = props;
  const retry = useRetryEmail(props.eventId);
  const onRetry = () =>
    retry.mutate(email.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t`Correo puesto de nuevo en la cola.` }),
      onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }),
    });
  const when = email.sent_at ?? email.failed_at ?? email.queued_at;
  return (
    <Stack gap={2} data-testid="order-email">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500}>
          <EmailKindLabel kind={email.kind} />
        </Text>
        <EmailStateBadge status={email.status} />
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {email.to} · {formatDateTime(when, props.timezone)}
      </Text>
      <Text size="xs" c="dimmed">
        <Trans>Intentos: {email.attempts}</Trans>
      </Text>
      {email.last_error && email.status !== 'SENT' && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {email.last_error}
        </Text>
      )}
      {email.actions.retry && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailForward size={14} />}
            loading={retry.isPending}
            onClick={onRetry}
          >
            <Trans>Reenviar</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The drawer's «Correos»: each of the order's e-mails still in the queue's record. */
export function OrderEmails(props: { eventId: string; orderId: string; timezone: string }) {
  const emails = useOrderEmails(props.eventId, props.orderId);
  if (emails.isError) return <PageError error={emails.error} />;
  if (!emails.data) return null;
  if (emails.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>No hay correos recientes de este pedido; la actividad guarda los enviados.</Trans>
      </Text>
    );
  return (
    <Stack gap="sm">
      {emails.data.map((e) => (
        <EmailRow key={e.id} email={e} eventId={props.eventId} timezone={props.timezone} />
      ))}
    </Stack>
  );
}
