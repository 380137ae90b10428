import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession } from '@taquilla/shared/schemas/sign-in-security';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { endOtherSessions, endSession, sessionsQuery } from '../api.ts';

/** The profile's active sessions: device, address, last use; end one or all the others. */
export function SessionsCard({ timezone }: { timezone: string }) {
  const { t, i18n } = useLingui();
  const countryName = (code: string) =>
    new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(code) ?? code;
  const sessions = useQuery(sessionsQuery);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  const end = async (session: ActiveSession) => {
    try {
      await endSession(session.id);
      notifications.show({ color: 'teal', message: t`Sesión cerrada.` });
      await refresh();
    } catch (error) {
      showSubmitError(error);
    }
  };
  const endOthers = async () => {
    try {
      await endOtherSessions();
      notifications.show({ color: 'teal', message: t`Hemos cerrado tus otras sesiones.` });
      await refresh();
    } catch (error) {
      showSubmitError(error);
    }
  };
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t`Sesiones activas`}
          </Title>
          {others > 0 && (
            <Button size="xs" variant="light" color="red" onClick={() => void endOthers()}>
              {t`Cerrar las demás`}
            </Button>
          )}
        </Group>
        {sessions.isPending ? (
          <PageLoader />
        ) : sessions.isError ? (
          <PageError error={sessions.error} />
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {sessions.data.map((session) => (
              <Group
                key={session.id}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              >
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconDeviceDesktop size={20} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text fw={600}>{session.device ?? t`Dispositivo desconocido`}</Text>
                      {session.current && (
                        <Badge size="xs" variant="light" color="teal">
                          {t`Esta sesión`}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {[
                        session.country && countryName(session.country),
                        session.ip ?? '—',
                        session.account_name,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      <Trans>Último uso: {formatDateTime(session.last_used_at, timezone)}</Trans>
                    </Text>
                  </div>
                </Group>
                {!session.current && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    ml="auto"
                    onClick={() => void end(session)}
                    aria-label={t`Cerrar sesión: ${session.device ?? session.ip ?? ''}`}
                  >
                    {t`Cerrar sesión`}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          <Trans>
            País aproximado según la dirección IP:{' '}
            <Anchor href="https://db-ip.com" size="xs">
              IP Geolocation by DB-IP
            </Anchor>
          </Trans>
        </Text>
      </Stack>
    </Card>
  );
}
