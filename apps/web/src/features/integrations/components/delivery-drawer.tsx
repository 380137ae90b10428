import { useLingui } from '@lingui/react/macro';
import { Button, Code, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import type { WebhookDelivery } from '@taquilla/shared/schemas/webhooks';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { DeliveryStatus } from './endpoint-status.tsx';

/** The JSON sent, indented to be read (the bytes signed are the compact ones). */
function pretty(body: string) {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** One delivery: its outcome, the request body sent and the start of the answer; «Reenviar». */
export function DeliveryDrawer(props: {
  delivery: WebhookDelivery | null;
  timeZone: string;
  canResend: boolean;
  onResend: (delivery: WebhookDelivery) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const d = props.delivery;
  return (
    <Drawer
      opened={d !== null}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={d ? <Text fw={600}>{d.event_type}</Text> : null}
    >
      {d && (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label={t`Estado`}>
              <DeliveryStatus delivery={d} />
            </Field>
            <Field label={t`Intentos`}>{d.attempts}</Field>
            <Field label={t`Duración`}>{d.duration_ms === null ? '—' : `${d.duration_ms} ms`}</Field>
            <Field label={t`Último intento`}>
              {d.last_attempt_at ? formatDateTime(d.last_attempt_at, props.timeZone) : '—'}
            </Field>
            <Field label={t`Creado`}>{formatDateTime(d.created_at, props.timeZone)}</Field>
            <Field label="webhook-id">
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {d.message_id}
              </Text>
            </Field>
          </SimpleGrid>
          {d.error && (
            <Field label={t`Error`}>
              <Text size="sm" c="red" ff="monospace" style={{ wordBreak: 'break-word' }}>
                {d.error}
              </Text>
            </Field>
          )}
          <Title order={3} size="h5">{t`Petición`}</Title>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="request-body">
            {pretty(d.request_body)}
          </Code>
          <Title order={3} size="h5">{t`Respuesta`}</Title>
          {d.response_excerpt === null ? (
            <Text size="sm" c="dimmed">{t`Sin respuesta.`}</Text>
          ) : (
            <Code
              block
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              data-testid="response-body"
            >
              {d.response_excerpt || t`(vacía)`}
            </Code>
          )}
          <Group justify="flex-end">
            <Button
              leftSection={<IconRepeat size={16} />}
              disabled={!props.canResend}
              onClick={() => props.onResend(d)}
            >
              {t`Reenviar`}
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
