import { Trans } from '@lingui/react/macro';
import { Center, Stack, Text, Title } from '@mantine/core';

/**
 * Spec §8 "event unavailable": unknown, draft or removed events. No link to "/": that is the organizers'
 * login, not a place for a buyer.
 */
export function EventUnavailable() {
  return (
    <Center mih="80vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Text size="48px" aria-hidden>
          🎟️
        </Text>
        <Title order={1} size="h2">
          <Trans>Evento no disponible</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            Este evento no existe o ya no está a la venta. Comprueba el enlace o contacta con el organizador.
          </Trans>
        </Text>
      </Stack>
    </Center>
  );
}
