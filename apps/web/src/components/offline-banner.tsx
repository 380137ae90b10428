import { Trans } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';

/** Shown while the browser is offline (spec §8 "you are offline"). */
export function OfflineBanner() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert
      color="orange"
      radius={0}
      role="status"
      styles={{ root: { position: 'sticky', top: 0, zIndex: 1000 } }}
    >
      <Trans>Estás sin conexión. Algunas acciones no funcionarán hasta que vuelvas a conectarte.</Trans>
    </Alert>
  );
}
