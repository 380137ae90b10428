import { useLingui } from '@lingui/react/macro';
import { Card, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { currentUserQuery, useCurrentUser } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { setTwoFactorPolicy } from '../api.ts';

/** «Exigir 2FA a todos los miembros»: members without it must turn it on before using the account. */
export function TwoFactorPolicy() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!me.data) return null;
  const change = async (required: boolean) => {
    setBusy(true);
    try {
      const res = await setTwoFactorPolicy(required);
      queryClient.setQueryData(currentUserQuery.queryKey, res.data);
      notifications.show({
        color: 'teal',
        message: required
          ? t`La cuenta exige ahora la verificación en dos pasos.`
          : t`La cuenta ya no exige la verificación en dos pasos.`,
      });
    } catch (error) {
      showSubmitError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="md">
      <Switch
        label={t`Exigir 2FA a todos los miembros`}
        description={t`Quien no tenga activada la verificación en dos pasos tendrá que activarla antes de usar la cuenta.`}
        checked={me.data.account_requires_two_factor}
        disabled={busy}
        onChange={(e) => void change(e.currentTarget.checked)}
      />
    </Card>
  );
}
