import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconRepeat } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint } from '@taquilla/shared/schemas/webhooks';
import { useState } from 'react';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { deliveriesQuery, resendDelivery, webhooksKey } from '../api.ts';
import { DeliveryDrawer } from './delivery-drawer.tsx';
import { DeliveryStatus } from './endpoint-status.tsx';

/** An endpoint's delivery log (30 days, newest first): one row per message, its detail in a drawer. */
export function DeliveriesLog({ endpoint, timeZone }: { endpoint: WebhookEndpoint; timeZone: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const list = useQuery(deliveriesQuery(endpoint.id, { page, per_page: 20 }));
  const active = endpoint.status === 'ACTIVE';
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey });

  const resend = async (delivery: WebhookDelivery) => {
    try {
      await resendDelivery(endpoint.id, delivery.id);
      notifications.show({ color: 'teal', message: t`Mensaje puesto de nuevo en la cola de envío.` });
      setOpen(null);
      await refresh();
    } catch (error) {
      showSubmitError(error);
    }
  };
  const resendButton = (d: WebhookDelivery) => (
    <Tooltip label={active ? t`Reenviar` : t`Reactiva el webhook para reenviar`}>
      <ActionIcon
        variant="subtle"
        color="gray"
        disabled={!active}
        onClick={() => void resend(d)}
        aria-label={t`Reenviar ${d.event_type} de ${formatDateTime(d.created_at, timeZone)}`}
      >
        <IconRepeat size={18} />
      </ActionIcon>
    </Tooltip>
  );
  const opener = (d: WebhookDelivery) => (
    <UnstyledButton onClick={() => setOpen(d)} aria-label={t`Ver la entrega ${d.event_type}`}>
      <Text size="sm" ff="monospace" c="blue" style={{ wordBreak: 'break-all' }}>
        {d.event_type}
      </Text>
    </UnstyledButton>
  );

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{t`Entregas de los últimos 30 días`}</Text>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void refresh()}
        >
          {t`Actualizar`}
        </Button>
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <PageError error={list.error} />
      ) : rows.length === 0 ? (
        <Card withBorder py="lg">
          <Text ta="center" c="dimmed">{t`Aún no se ha enviado nada a este destino.`}</Text>
        </Card>
      ) : (
        <>
          <Card withBorder p={0} visibleFrom="sm">
            <Table verticalSpacing="xs" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Tipo`}</Table.Th>
                  <Table.Th>{t`Estado`}</Table.Th>
                  <Table.Th>{t`Duración`}</Table.Th>
                  <Table.Th>{t`Intentos`}</Table.Th>
                  <Table.Th>{t`Fecha`}</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id} data-testid="delivery-row">
                    <Table.Td>{opener(d)}</Table.Td>
                    <Table.Td>
                      <DeliveryStatus delivery={d} />
                    </Table.Td>
                    <Table.Td>{d.duration_ms === null ? '—' : `${d.duration_ms} ms`}</Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td>{formatDateTime(d.created_at, timeZone)}</Table.Td>
                    <Table.Td>{resendButton(d)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Stack gap="xs" hiddenFrom="sm">
            {rows.map((d) => (
              <Card key={d.id} withBorder padding="sm" data-testid="delivery-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    {opener(d)}
                    <DeliveryStatus delivery={d} />
                    <Text size="xs" c="dimmed">
                      {formatDateTime(d.created_at, timeZone)}
                      {' · '}
                      {d.duration_ms === null ? '—' : `${d.duration_ms} ms`}
                      {' · '}
                      {plural(d.attempts, { one: '# intento', other: '# intentos' })}
                    </Text>
                  </Stack>
                  {resendButton(d)}
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      {list.data && list.data.meta.last_page > 1 && (
        <Group justify="center">
          <Pagination total={list.data.meta.last_page} value={page} onChange={setPage} />
        </Group>
      )}
      <DeliveryDrawer
        delivery={open}
        timeZone={timeZone}
        canResend={active}
        onResend={(d) => void resend(d)}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
