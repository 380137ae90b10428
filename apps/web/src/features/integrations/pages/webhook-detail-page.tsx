import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconChevronDown,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@taquilla/shared/schemas/webhooks';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { AccountPage } from '../../team/components/account-page.tsx';
import {
  deleteWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
  webhookQuery,
  webhooksKey,
} from '../api.ts';
import { ConfirmModal } from '../components/confirm-modal.tsx';
import { DeliveriesLog } from '../components/deliveries-log.tsx';
import { EndpointFormModal } from '../components/endpoint-form-modal.tsx';
import { EndpointStatus } from '../components/endpoint-status.tsx';
import { EVENT_TYPE_GROUPS } from '../components/labels.ts';
import { SecretModal } from '../components/secret-modal.tsx';

/** /account/webhooks/:endpointId: one endpoint, its actions and its delivery log. */
export function WebhookDetailPage() {
  const { endpointId = '' } = useParams();
  return (
    <AccountPage permission="account:manage" maw={1000}>
      <Detail id={endpointId} />
    </AccountPage>
  );
}

function Detail({ id }: { id: string }) {
  const { t } = useLingui();
  const endpoint = useQuery(webhookQuery(id));
  const me = useCurrentUser();
  const timeZone = me.data?.account.timezone ?? 'Europe/Madrid';
  return (
    <Stack>
      <Anchor component={Link} to="/account/webhooks" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t`Todos los webhooks`}
        </Group>
      </Anchor>
      {endpoint.isPending ? (
        <PageLoader />
      ) : endpoint.isError ? (
        <PageError error={endpoint.error} />
      ) : (
        <>
          <EndpointHeader endpoint={endpoint.data} timeZone={timeZone} />
          <DeliveriesLog endpoint={endpoint.data} timeZone={timeZone} />
        </>
      )}
    </Stack>
  );
}

function EndpointHeader({ endpoint, timeZone }: { endpoint: WebhookEndpoint; timeZone: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey });
  const active = endpoint.status === 'ACTIVE';

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notifications.show({ color: 'teal', message: done });
      await refresh();
    } catch (error) {
      showSubmitError(error);
    }
  };
  const labels = new Map(EVENT_TYPE_GROUPS.flatMap((g) => g.types));

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} ff="monospace" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
            <EndpointStatus endpoint={endpoint} />
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconSend size={16} />}
              disabled={!active}
              onClick={() =>
                void act(() => sendTestWebhook(endpoint.id), t`Mensaje de prueba enviado a la cola.`)
              }
            >
              {t`Enviar prueba`}
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                  {t`Acciones`}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                  {t`Editar`}
                </Menu.Item>
                <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setConfirming('rotate')}>
                  {t`Rotar el secreto`}
                </Menu.Item>
                {active ? (
                  <Menu.Item
                    leftSection={<IconPlayerPause size={16} />}
                    onClick={() =>
                      void act(() => updateWebhook(endpoint.id, { status: 'PAUSED' }), t`Webhook en pausa.`)
                    }
                  >
                    {t`Pausar`}
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    leftSection={<IconPlayerPlay size={16} />}
                    onClick={() =>
                      void act(
                        () => updateWebhook(endpoint.id, { status: 'ACTIVE' }),
                        t`Webhook reactivado: se reenviarán los mensajes de los últimos 3 días que no llegaron.`,
                      )
                    }
                  >
                    {t`Reactivar`}
                  </Menu.Item>
                )}
                <Menu.Divider />
                <Menu.Item
                  leftSection={<IconTrash size={16} />}
                  color="red"
                  onClick={() => setConfirming('delete')}
                >
                  {t`Eliminar`}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t`Eventos:`}{' '}
          {endpoint.event_types
            .map((type) => {
              const label = labels.get(type);
              return label ? i18n._(label) : type;
            })
            .join(', ')}
        </Text>
        {endpoint.event_ids.length > 0 && (
          <Text size="sm" c="dimmed">
            {plural(endpoint.event_ids.length, {
              one: 'Limitado a # evento de la cuenta.',
              other: 'Limitado a # eventos de la cuenta.',
            })}
          </Text>
        )}
        {endpoint.previous_secret_expires_at && (
          <Text size="sm" c="dimmed">
            {t`El secreto anterior sigue firmando hasta el ${formatDateTime(endpoint.previous_secret_expires_at, timeZone)}.`}
          </Text>
        )}
      </Stack>
      <EndpointFormModal
        key={endpoint.updated_at}
        opened={editing}
        endpoint={endpoint}
        onClose={() => setEditing(false)}
        onSaved={() => {
          notifications.show({ color: 'teal', message: t`Webhook guardado.` });
          void refresh();
        }}
      />
      <ConfirmModal
        opened={confirming === 'rotate'}
        title={t`Rotar el secreto`}
        message={t`Se creará un secreto nuevo. Durante 24 horas los mensajes llevarán también la firma del anterior, para que el destino pueda cambiarlo sin perder ninguno.`}
        confirmLabel={t`Rotar el secreto`}
        onConfirm={async () => {
          setSecret(await rotateWebhookSecret(endpoint.id));
          await refresh();
        }}
        onClose={() => setConfirming(null)}
      />
      <ConfirmModal
        opened={confirming === 'delete'}
        title={t`Eliminar el webhook`}
        message={t`Se dejará de enviar mensajes a ${endpoint.url} y se borrará su registro de entregas. No se puede deshacer.`}
        confirmLabel={t`Eliminar`}
        onConfirm={async () => {
          await deleteWebhook(endpoint.id);
          notifications.show({ color: 'teal', message: t`Webhook eliminado.` });
          await queryClient.invalidateQueries({ queryKey: webhooksKey });
          navigate('/account/webhooks');
        }}
        onClose={() => setConfirming(null)}
      />
      <SecretModal
        title={t`Nuevo secreto de firma`}
        description={t`Configura el destino con este secreto; el anterior deja de firmar dentro de 24 horas.`}
        secret={secret?.secret ?? null}
        onClose={() => setSecret(null)}
      />
    </Card>
  );
}
