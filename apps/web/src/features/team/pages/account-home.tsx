import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { NoPermission } from '../../../components/no-permission.tsx';
import { useAccountTabs } from '../components/account-tabs.tsx';

/** /account: the first account screen the user may open, or why there is none. */
export function AccountHome() {
  const { tabs, loaded } = useAccountTabs();
  if (!loaded) return null;
  const [first] = tabs;
  if (first) return <Navigate to={first.value} replace />;
  return (
    <Stack gap={0}>
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="sm">
        <Trans>Cuenta</Trans>
      </Title>
      <NoPermission />
    </Stack>
  );
}
