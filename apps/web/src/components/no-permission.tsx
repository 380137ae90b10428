import { Trans } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** What a user whose permissions do not cover a screen sees, instead of calling an API that would answer 403. */
export function NoPermission() {
  return (
    <Alert color="orange" icon={<IconLock size={20} />} maw={640}>
      <Trans>No tienes permiso para acceder a esta página: tu rol en esta cuenta no lo permite.</Trans>
    </Alert>
  );
}
