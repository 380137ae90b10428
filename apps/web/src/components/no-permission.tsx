import { Trans } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** What an ORGANIZER sees on admin-only screens, instead of calling an API that would answer 403. */
export function NoPermission() {
  return (
    <Alert color="orange" icon={<IconLock size={20} />} maw={640}>
      <Trans>
        No tienes permiso para acceder a esta página. Solo los administradores de la cuenta pueden verla.
      </Trans>
    </Alert>
  );
}
