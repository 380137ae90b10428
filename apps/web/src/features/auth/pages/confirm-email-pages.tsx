import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { currentUserQuery, useCurrentUser } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { confirmEmail, confirmEmailChange } from '../api.ts';

/** Runs a link's confirmation once (links are single-use) and shows the outcome. */
function ConfirmLink({
  title,
  run,
  success,
}: {
  title: string;
  run: (user: CurrentUser, token: string) => Promise<{ data: CurrentUser }>;
  success: (user: CurrentUser) => string;
}) {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const confirm = useMutation({
    mutationFn: (user: CurrentUser) => run(user, token),
    onSuccess: (res) => queryClient.setQueryData(currentUserQuery.queryKey, res.data),
  });
  useEffect(() => {
    if (me.data && !started.current) {
      started.current = true;
      confirm.mutate(me.data);
    }
  }, [me.data, confirm]);

  return (
    <Center py="xl">
      <Paper withBorder p="xl" maw={480} w="100%">
        <Stack align="center" ta="center">
          <Title order={2} fz={22}>
            {title}
          </Title>
          {confirm.isSuccess ? (
            <>
              <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" />
              <Alert color="teal" w="100%">
                {success(confirm.data.data)}
              </Alert>
            </>
          ) : confirm.isError ? (
            <>
              <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" />
              <Alert color="red" w="100%">
                {errorMessage(confirm.error)}
              </Alert>
            </>
          ) : (
            <Loader />
          )}
          <Button component={Link} to="/manage/events" variant="light">
            {t`Ir a mis eventos`}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

export function ConfirmEmailAddressPage() {
  const { t } = useLingui();
  return (
    <ConfirmLink
      title={t`Confirmar correo electrónico`}
      run={(user, token) => confirmEmail(user.id, token)}
      success={(user) => t`¡Listo! Tu correo ${user.email} está confirmado.`}
    />
  );
}

export function ConfirmEmailChangePage() {
  const { t } = useLingui();
  return (
    <ConfirmLink
      title={t`Confirmar nuevo correo electrónico`}
      run={(user, token) => confirmEmailChange(user.id, token)}
      success={(user) => t`Tu correo electrónico es ahora ${user.email}.`}
    />
  );
}
