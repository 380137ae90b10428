import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Text } from '@mantine/core';
import type { WebhookDelivery, WebhookEndpoint } from '@taquilla/shared/schemas/webhooks';
import { DELIVERY_STATUS, ENDPOINT_STATUS, STATUS_REASON } from './labels.ts';

/** An endpoint's status, and why it is not active. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { i18n } = useLingui();
  const status = ENDPOINT_STATUS[endpoint.status];
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color={status.color}>
        {i18n._(status.label)}
      </Badge>
      {endpoint.status !== 'ACTIVE' && endpoint.status_reason && (
        <Text size="xs" c="dimmed">
          {i18n._(STATUS_REASON[endpoint.status_reason])}
        </Text>
      )}
    </Group>
  );
}

/** A delivery's outcome: delivered, pending or failed, and the answer's status code if there was one. */
export function DeliveryStatus({
  delivery,
}: {
  delivery: Pick<WebhookDelivery, 'status' | 'response_status'>;
}) {
  const { i18n } = useLingui();
  const status = DELIVERY_STATUS[delivery.status];
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="dot" color={status.color}>
        {i18n._(status.label)}
      </Badge>
      {delivery.response_status !== null && (
        <Text size="sm" ff="monospace">
          {delivery.response_status}
        </Text>
      )}
    </Group>
  );
}
