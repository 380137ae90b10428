import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PrivacyRequest } from '@taquilla/shared/schemas/privacy';
import { useState } from 'react';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { privacyRequestsQuery } from '../api.ts';
import { REQUEST_KIND } from './labels.ts';

const total = (r: PrivacyRequest, key: 'erased' | 'kept') =>
  Object.values(r.counts).reduce((sum, c) => sum + c[key], 0);

/** The log of exports, erasures and retention sweeps: who, when, how many rows; the person only as a reference. */
export function RequestLog() {
  const { t, i18n } = useLingui();
  const me = useCurrentUser();
  const timeZone = me.data?.account.timezone ?? 'Europe/Madrid';
  const [page, setPage] = useState(1);
  const list = useQuery(privacyRequestsQuery(page));

  const kind = (r: PrivacyRequest) => (
    <Badge variant="light" color={REQUEST_KIND[r.kind].color}>
      {i18n._(REQUEST_KIND[r.kind].label)}
    </Badge>
  );
  const who = (r: PrivacyRequest) =>
    r.user_name ?? (r.kind === 'RETENTION' ? t`Automática` : t`Usuario eliminado`);
  const what = (r: PrivacyRequest) =>
    r.kind === 'EXPORT'
      ? plural(total(r, 'kept'), { one: '# registro entregado', other: '# registros entregados' })
      : `${plural(total(r, 'erased'), { one: '# borrado', other: '# borrados' })}, ${plural(
          total(r, 'kept'),
          {
            one: '# conservado',
            other: '# conservados',
          },
        )}`;

  const rows = list.data?.data ?? [];
  return (
    <Card withBorder padding="lg">
      <Stack>
        <div>
          <Title order={2} fz="lg">{t`Registro de solicitudes`}</Title>
          <Text size="sm" c="dimmed">
            {t`La persona figura con una referencia derivada de su correo, nunca con el correo: dos solicitudes de la misma persona tienen la misma referencia.`}
          </Text>
        </div>
        {list.isPending ? (
          <PageLoader />
        ) : list.isError ? (
          <PageError error={list.error} />
        ) : rows.length === 0 ? (
          <Stack align="center" gap="xs" py="md">
            <IconHistory size={32} stroke={1.5} />
            <Text c="dimmed" ta="center">{t`Aún no se ha atendido ninguna solicitud.`}</Text>
          </Stack>
        ) : (
          <>
            <Table visibleFrom="sm" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Fecha`}</Table.Th>
                  <Table.Th>{t`Tipo`}</Table.Th>
                  <Table.Th>{t`Persona`}</Table.Th>
                  <Table.Th>{t`Quién`}</Table.Th>
                  <Table.Th>{t`Registros`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="privacy-request-row">
                    <Table.Td>{formatDateTime(r.created_at, timeZone)}</Table.Td>
                    <Table.Td>{kind(r)}</Table.Td>
                    <Table.Td ff="monospace">{r.person_ref ?? '—'}</Table.Td>
                    <Table.Td>{who(r)}</Table.Td>
                    <Table.Td>{what(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Stack gap="xs" hiddenFrom="sm">
              {rows.map((r) => (
                <Card key={r.id} withBorder padding="sm">
                  <Group justify="space-between" wrap="nowrap">
                    {kind(r)}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(r.created_at, timeZone)}
                    </Text>
                  </Group>
                  <Text size="sm" mt={4}>
                    {who(r)} · {what(r)}
                  </Text>
                  {r.person_ref && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {r.person_ref}
                    </Text>
                  )}
                </Card>
              ))}
            </Stack>
            {(list.data?.meta.last_page ?? 1) > 1 && (
              <Pagination value={page} onChange={setPage} total={list.data?.meta.last_page ?? 1} size="sm" />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
