import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { loadFeatureCatalog } from '../../../lib/i18n.ts';
import { resendConfirmation } from '../api.ts';

/** Asks the user to confirm their e-mail address, with a resend button. Shown in the back office until confirmed. */
export function EmailConfirmationBanner({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  // Its words are in the auth catalog, which a back-office page opened directly has not loaded yet:
  // until it has, show nothing rather than the messages' raw ids.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void loadFeatureCatalog('auth').then(() => {
      if (mounted) setReady(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  const resend = useMutation({
    mutationFn: () => resendConfirmation(user.id),
    onSuccess: () =>
      notifications.show({ color: 'teal', message: t`Te hemos enviado un nuevo enlace a ${user.email}.` }),
    onError: (error) => showSubmitError(error),
  });
  if (user.email_verified || !ready) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation size={20} />}
      mb="md"
      role="status"
      title={t`Confirma tu correo electrónico`}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          <Trans>
            Te hemos enviado un enlace a <b>{user.email}</b>. Confírmalo para recibir los avisos de ventas y
            poder recuperar tu cuenta.
          </Trans>
        </Text>
        <Button size="xs" variant="default" loading={resend.isPending} onClick={() => resend.mutate()}>
          {t`Reenviar correo`}
        </Button>
      </Group>
    </Alert>
  );
}
