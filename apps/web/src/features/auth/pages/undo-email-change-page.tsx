import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { clearToken } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { undoEmailChange } from '../api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

/**
 * /auth/undo-email-change/:token, from the e-mail to the old address: one button brings the old address
 * back and ends every session (this browser's too); then a new password is advised.
 */
export function UndoEmailChangePage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [restored, setRestored] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const undo = async () => {
    setBusy(true);
    try {
      const res = await undoEmailChange(token);
      clearToken();
      queryClient.clear();
      setRestored(res.data.email);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthLayout title={t`Deshacer el cambio de correo`}>
      <Stack>
        {restored ? (
          <>
            <Alert color="teal" icon={<IconCircleCheck size={20} />} style={{ overflowWrap: 'anywhere' }}>
              <Trans>Tu usuario vuelve a usar {restored}. Hemos cerrado todas las sesiones abiertas.</Trans>
            </Alert>
            <Text size="sm">
              <Trans>Si no cambiaste tú el correo, elige ahora una contraseña nueva.</Trans>
            </Text>
            <Button component={Link} to="/auth/forgot-password">
              {t`Elegir una contraseña nueva`}
            </Button>
          </>
        ) : (
          <>
            {failure && (
              <Alert color="red" icon={<IconAlertTriangle size={20} />}>
                {failure}
              </Alert>
            )}
            <Text>
              <Trans>
                Volverás a usar tu correo anterior y se cerrarán todas las sesiones abiertas con tu usuario,
                también la de quien hizo el cambio.
              </Trans>
            </Text>
            <Button onClick={() => void undo()} loading={busy} color="red">
              {t`Deshacer el cambio`}
            </Button>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
