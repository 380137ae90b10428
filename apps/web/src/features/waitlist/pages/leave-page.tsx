import { Trans } from '@lingui/react/macro';
import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { leaveWaitlist } from '../api.ts';

/** /waitlist/leave/:token — the link in the sign-up e-mail; leaving takes a tap (mail scanners open links). */
export function LeavePage() {
  const token = useParams().token ?? '';
  const [left, setLeft] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    setError(null);
    try {
      await leaveWaitlist(token);
      setLeft(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="lg" radius="md" maw={440} w="100%">
        <Stack gap="md">
          <Title order={1} size="h3">
            <Trans>Salir de la lista de espera</Trans>
          </Title>
          {left ? (
            <Alert color="teal" data-testid="waitlist-left">
              <Trans>Ya no estás en la lista de espera. No te enviaremos más ofertas.</Trans>
            </Alert>
          ) : (
            <>
              <Text>
                <Trans>Si sales, dejarás tu sitio en la lista y no te ofreceremos entradas.</Trans>
              </Text>
              {error && (
                <Text c="red.8" role="alert">
                  {error}
                </Text>
              )}
              <Button color="red" onClick={() => void leave()} loading={busy}>
                <Trans>Salir de la lista</Trans>
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
