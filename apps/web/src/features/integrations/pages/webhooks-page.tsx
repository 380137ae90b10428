import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointListItem, WebhookEndpointWithSecret } from '@taquilla/shared/schemas/webhooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { AccountPage } from '../../team/components/account-page.tsx';
import { webhooksKey, webhooksQuery } from '../api.ts';
import { EndpointFormModal } from '../components/endpoint-form-modal.tsx';
import { DeliveryStatus, EndpointStatus } from '../components/endpoint-status.tsx';
import { SecretModal } from '../components/secret-modal.tsx';

/** /account/webhooks: the account's webhook endpoints; each opens its delivery log and actions. */
export function WebhooksPage() {
  return (
    <AccountPage permission="account:manage" maw={1000}>
      <Endpoints />
    </AccountPage>
  );
}

function Endpoints() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery(webhooksQuery);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={620}>
          {t`Taquilla avisa a otros sistemas (contabilidad, CRM, correo) de lo que pasa en la cuenta enviando un mensaje firmado a cada destino.`}{' '}
          <Anchor href="/api/docs" target="_blank" size="sm">
            {t`Referencia de la API`}
          </Anchor>
        </Text>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          {t`Añadir webhook`}
        </Button>
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <PageError error={list.error} />
      ) : list.data.length === 0 ? (
        <Card withBorder py="xl">
          <Stack align="center" gap="xs">
            <IconWebhook size={32} stroke={1.5} />
            <Text c="dimmed" ta="center">{t`Aún no hay webhooks.`}</Text>
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm">
          {list.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </Stack>
      )}
      <EndpointFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(endpoint) => {
          if (endpoint) setCreated(endpoint);
          void queryClient.invalidateQueries({ queryKey: webhooksKey });
        }}
      />
      <SecretModal
        title={t`Secreto de firma del webhook`}
        description={t`Con él, el destino comprueba que cada mensaje viene de Taquilla (cabecera webhook-signature).`}
        secret={created?.secret ?? null}
        onClose={() => setCreated(null)}
      />
    </Stack>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpointListItem }) {
  const { t } = useLingui();
  const me = useCurrentUser();
  const tz = me.data?.account.timezone ?? 'Europe/Madrid';
  const types = endpoint.event_types.length;
  const events = endpoint.event_ids.length;
  return (
    <Card withBorder padding="md" data-testid="webhook-endpoint">
      <Stack gap={6}>
        <Anchor
          component={Link}
          to={`/account/webhooks/${endpoint.id}`}
          fw={600}
          ff="monospace"
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          {endpoint.url}
        </Anchor>
        <EndpointStatus endpoint={endpoint} />
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        <Text size="sm" c="dimmed">
          {plural(types, { one: '# tipo de evento', other: '# tipos de evento' })}
          {' · '}
          {events === 0
            ? t`todos los eventos`
            : plural(events, { one: 'limitado a # evento', other: 'limitado a # eventos' })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">{t`Última entrega:`}</Text>
          {endpoint.last_delivery ? (
            <>
              <DeliveryStatus delivery={endpoint.last_delivery} />
              <Text size="sm" c="dimmed">
                {formatDateTime(endpoint.last_delivery.created_at, tz)}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">{t`ninguna`}</Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
