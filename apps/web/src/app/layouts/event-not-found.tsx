import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULT_LANDING } from '../../lib/api-client.ts';

/** An event that does not exist, or not in this account or the member's organizers: one clear answer. */
export function EventNotFound() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" maw={520} mx="auto">
      <IconCalendarOff size={44} stroke={1.3} color="var(--mantine-color-gray-6)" aria-hidden />
      <Title order={1} fz={24}>
        <Trans>Evento no encontrado</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          No existe, se ha eliminado o pertenece a una cuenta u organizador al que no tienes acceso.
        </Trans>
      </Text>
      <Button component={Link} to={DEFAULT_LANDING} mt="sm">
        <Trans>Ver mis eventos</Trans>
      </Button>
    </Stack>
  );
}
