import { Trans } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../lib/error-message.ts';

/** A section's data is on its way. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/**
 * A section's data could not be loaded: the translated reason and «Reintentar», which asks again for
 * every read on screen that failed (the page keeps its place, filters and search).
 */
export function PageError({ error }: { error: unknown }) {
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={retrying}
          onClick={() => void retry()}
        >
          <Trans>Reintentar</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
