import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyWithSecret } from '@taquilla/shared/schemas/api-keys';
import { useState } from 'react';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { AccountPage } from '../../team/components/account-page.tsx';
import { apiKeysKey, apiKeysQuery, revokeApiKey } from '../api.ts';
import { ApiKeyFormModal } from '../components/api-key-form-modal.tsx';
import { ConfirmModal } from '../components/confirm-modal.tsx';
import { KEY_PERMISSION, KEY_STATUS } from '../components/labels.ts';
import { SecretModal } from '../components/secret-modal.tsx';

/** /account/api-keys: keys other systems call the API with (Authorization: Bearer tqk_…). */
export function ApiKeysPage() {
  return (
    <AccountPage permission="account:manage" maw={1000}>
      <Keys />
    </AccountPage>
  );
}

function Keys() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const timeZone = me.data?.account.timezone ?? 'Europe/Madrid';
  const list = useQuery(apiKeysQuery);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyWithSecret | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });
  const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso, timeZone) : none);

  const status = (key: ApiKey) => (
    <Badge variant="dot" color={KEY_STATUS[key.status].color}>
      {i18n._(KEY_STATUS[key.status].label)}
    </Badge>
  );
  const revokeButton = (key: ApiKey) =>
    key.status === 'REVOKED' ? null : (
      <Tooltip label={t`Revocar`}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => setRevoking(key)}
          aria-label={t`Revocar ${key.name}`}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    );
  const name = (key: ApiKey) => (
    <div style={{ minWidth: 0 }}>
      <Text fw={600} size="sm" truncate>
        {key.name}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {key.prefix}…
      </Text>
    </div>
  );

  const rows = list.data ?? [];
  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={620}>
          {t`Otros sistemas llaman a la API de Taquilla con una clave en la cabecera Authorization: Bearer. Cada clave tiene un límite de peticiones por minuto, que las respuestas indican en sus cabeceras RateLimit.`}
        </Text>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          {t`Crear clave`}
        </Button>
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <PageError error={list.error} />
      ) : rows.length === 0 ? (
        <Card withBorder py="xl">
          <Stack align="center" gap="xs">
            <IconKey size={32} stroke={1.5} />
            <Text c="dimmed" ta="center">{t`Aún no hay claves de API.`}</Text>
          </Stack>
        </Card>
      ) : (
        <>
          <Card withBorder p={0} visibleFrom="sm">
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Nombre`}</Table.Th>
                  <Table.Th>{t`Permiso`}</Table.Th>
                  <Table.Th>{t`Estado`}</Table.Th>
                  <Table.Th>{t`Caduca`}</Table.Th>
                  <Table.Th>{t`Último uso`}</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((key) => (
                  <Table.Tr key={key.id} data-testid="api-key-row">
                    <Table.Td maw={260}>{name(key)}</Table.Td>
                    <Table.Td>{i18n._(KEY_PERMISSION[key.permission].label)}</Table.Td>
                    <Table.Td>{status(key)}</Table.Td>
                    <Table.Td>{when(key.expires_at, t`Nunca`)}</Table.Td>
                    <Table.Td>{when(key.last_used_at, t`Sin usar`)}</Table.Td>
                    <Table.Td>{revokeButton(key)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Stack gap="xs" hiddenFrom="sm">
            {rows.map((key) => (
              <Card key={key.id} withBorder padding="sm" data-testid="api-key-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    {name(key)}
                    <Group gap={6}>
                      <Badge variant="light">{i18n._(KEY_PERMISSION[key.permission].label)}</Badge>
                      {status(key)}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t`Caduca:`} {when(key.expires_at, t`Nunca`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t`Último uso:`} {when(key.last_used_at, t`Sin usar`)}
                    </Text>
                  </Stack>
                  {revokeButton(key)}
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <ApiKeyFormModal
        opened={creating}
        timeZone={timeZone}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreated(key);
          void refresh();
        }}
      />
      <SecretModal
        title={t`Clave de API creada`}
        description={t`Úsala en la cabecera Authorization: Bearer de cada petición a la API.`}
        secret={created?.key ?? null}
        onClose={() => setCreated(null)}
      />
      <ConfirmModal
        opened={revoking !== null}
        title={t`Revocar la clave`}
        message={t`Las peticiones con la clave «${revoking?.name ?? ''}» dejarán de funcionar al momento. No se puede deshacer.`}
        confirmLabel={t`Revocar`}
        onConfirm={async () => {
          if (!revoking) return;
          await revokeApiKey(revoking.id);
          notifications.show({ color: 'teal', message: t`Clave revocada.` });
          await refresh();
        }}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
